import { Title, type TitleProps } from '@mantine/core';
import { usePageTitle } from '../app/document-title.ts';

/**
 * The page's one h1 (drawn at h2 size, as pages were designed), which also names the browser tab:
 * 'Documents · Charter'.
 */
export function PageTitle({
  children,
  ...props
}: Omit<TitleProps, 'order' | 'children'> & { children: string }) {
  usePageTitle(children);
  return (
    <Title order={1} size="h2" {...props}>
      {children}
    </Title>
  );
}
