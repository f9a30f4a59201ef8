import { Anchor, Center, Paper, Stack, Title } from '@mantine/core';
import { useBrand } from '../app/brand-value.ts';
import { BrandMark } from '../ui/brand-mark.tsx';

export const INVALID_LINK = 'This link is invalid or has expired.';

/** What a visitor sees for a link that leads nowhere (and, for now, for every visitor link). */
export function InvalidLinkPage() {
  const { supportEmail } = useBrand();
  return (
    <Center mih="100vh" px="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={440} gap="lg">
        <Center>
          <BrandMark />
        </Center>
        <Paper component="main" withBorder shadow="sm" radius="lg" p="xl">
          <Stack gap="sm">
            <Title order={1} size="h3">
              {INVALID_LINK}
            </Title>
            <Anchor href={`mailto:${supportEmail}`} size="sm">
              Contact Support
            </Anchor>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
