import { Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useBrand } from '../../app/brand-value.ts';
import { BrandMark } from '../../ui/brand-mark.tsx';

/** A page is shown at most at its size in print (612 pt at 96 dpi). */
export const PAGE_MAX_WIDTH = 816;

/** The space beside the page column, the same for the header, the pages and the bar. */
export const GUTTER = { base: 'xs', sm: 'md' };

export const DOWNLOAD_PDF = 'Download PDF';

export function DownloadButton({
  url,
  variant = 'default',
}: {
  url: string;
  variant?: 'default' | 'filled';
}) {
  return (
    <Button
      component="a"
      href={url}
      download
      variant={variant}
      size="sm"
      leftSection={<IconDownload size={16} aria-hidden />}
    >
      {DOWNLOAD_PDF}
    </Button>
  );
}

/** The signing page's frame: the brand, the download (when there is a document), the screen. */
export function SigningFrame({ downloadUrl, children }: { downloadUrl?: string; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.1" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group
          justify="space-between"
          wrap="nowrap"
          maw={PAGE_MAX_WIDTH}
          mx="auto"
          px={GUTTER}
          py="xs"
          mih={56}
        >
          {/* On a phone the brand gives way: the download is what must stay whole. */}
          <Box style={{ minWidth: 0, overflow: 'hidden' }}>
            <BrandMark />
          </Box>
          {downloadUrl && (
            <Box style={{ flexShrink: 0 }}>
              <DownloadButton url={downloadUrl} />
            </Box>
          )}
        </Group>
      </Box>
      <Box component="main" style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {children}
      </Box>
    </Box>
  );
}

/** A screen with one thing to say (signed, declined, a link that no longer works). */
export function NoticeCard({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box px="sm" py="xl">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={520} mx="auto">
        <Stack gap="md">
          {icon}
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}

export function LoadingNotice() {
  return (
    <Center py={96} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}

export function ContactSupport() {
  const { supportEmail } = useBrand();
  return (
    <Anchor href={`mailto:${supportEmail}`} size="sm">
      Contact Support
    </Anchor>
  );
}
