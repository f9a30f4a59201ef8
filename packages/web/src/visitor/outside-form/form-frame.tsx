import { Center, Loader, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { BrandMark } from '../../ui/brand-mark.tsx';
import { InvalidLinkPage } from '../invalid-link-page.tsx';

/** A form read by its link's code: the form, a code that names none (404), or why it could not be read. */
export type FormLoad<T> = { form: T } | { missing: true } | { failed: string };

/** Reads the form a link's code names, again for each code (a page left early cancels its read). */
export function useFormLoad<T>(code: string, load: (code: string, signal: AbortSignal) => Promise<T>) {
  const [loaded, setLoaded] = useState<FormLoad<T> | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    load(code, controller.signal)
      .then((form) => setLoaded({ form }))
      .catch((caught: unknown) => {
        if (caught instanceof DOMException && caught.name === 'AbortError') return;
        if (caught instanceof ApiError && caught.status === 404) setLoaded({ missing: true });
        else setLoaded({ failed: errorMessage(caught, 'Unable to load this form.') });
      });
    return () => controller.abort();
  }, [code, load]);
  return [loaded, setLoaded] as const;
}

/**
 * The page of a form a visitor opens by its link: a loader until it is read, the invalid-link page for a
 * code that names no form, else the brand over what `children` shows of the form (or of its failure).
 */
export function FormFrame<T>({
  loaded,
  maw,
  children,
}: {
  loaded: FormLoad<T> | null;
  maw: number;
  children: (loaded: Exclude<FormLoad<T>, { missing: true }>) => ReactNode;
}) {
  if (!loaded) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if ('missing' in loaded) return <InvalidLinkPage />;
  return (
    <Center component="main" px="md" py="xl" bg="var(--mantine-color-gray-0)" mih="100vh">
      <Stack w="100%" maw={maw} gap="lg">
        <Center>
          <BrandMark />
        </Center>
        {children(loaded)}
      </Stack>
    </Center>
  );
}
