import type { PublicStandingForm } from '@charter/domain';
import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { BrandMark } from '../../ui/brand-mark.tsx';
import { InvalidLinkPage } from '../invalid-link-page.tsx';
import { loadStandingForm, openStandingForm } from './outside-form-api.ts';

type Loaded = { form: PublicStandingForm } | { missing: true } | { failed: string };

/**
 * /outside-form/{code}/start: where a standing form's link (/api/redirect/form/{code}) leads. Fetching
 * the link makes nothing, so mail scanners and link previews leave no task group behind; the visitor's
 * Start makes their own copy of the form and goes on to it.
 */
export function StandingFormPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadStandingForm(code, controller.signal)
      .then((form) => setLoaded({ form }))
      .catch((caught: unknown) => {
        if (caught instanceof DOMException && caught.name === 'AbortError') return;
        if (caught instanceof ApiError && caught.status === 404) setLoaded({ missing: true });
        else setLoaded({ failed: errorMessage(caught, 'Unable to load this form.') });
      });
    return () => controller.abort();
  }, [code]);

  const start = async () => {
    setOpening(true);
    setFailure(null);
    try {
      const opened = await openStandingForm(code);
      // Replaced: Back does not return here to make another copy.
      navigate(opened.location, { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) setLoaded({ missing: true });
      else setFailure(errorMessage(caught, 'An error has occurred.'));
      setOpening(false);
    }
  };

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
      <Stack w="100%" maw={520} gap="lg">
        <Center>
          <BrandMark />
        </Center>
        <Paper withBorder radius="lg" p="xl">
          {'failed' in loaded ? (
            <Alert color="red">{loaded.failed}</Alert>
          ) : (
            <Stack gap="md">
              <Title order={1} size="h3">
                {loaded.form.name}
              </Title>
              {loaded.form.description && <Text c="dimmed">{loaded.form.description}</Text>}
              <Text size="sm">
                {loaded.form.brand.name} asks you to fill out this form. Start makes a copy of it for you; no
                sign-in is needed.
              </Text>
              {failure && <Alert color="red">{failure}</Alert>}
              <Button onClick={() => void start()} loading={opening} w="fit-content">
                Start
              </Button>
            </Stack>
          )}
        </Paper>
      </Stack>
    </Center>
  );
}
