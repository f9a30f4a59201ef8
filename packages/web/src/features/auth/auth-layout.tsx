import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useBrand } from '../../app/brand.tsx';
import { usePageTitle } from '../../app/document-title.ts';
import { modalState } from '../../app/modal-location.ts';
import { BrandMark } from '../../ui/brand-mark.tsx';

/** Keeps the word "password" out of the eye button's name, so getByLabel('Password') finds only the field. */
export const TOGGLE_PROPS = { 'aria-label': 'Show or hide characters' };

/** Footer of the unauthenticated pages: Terms of Use, Privacy Policy, Contact Support. */
export function AuthFooter() {
  const location = useLocation();
  const { supportEmail, legalName } = useBrand();
  return (
    <Stack gap={4} align="center" component="footer">
      <Group gap="lg" justify="center">
        <Anchor component={Link} to="/terms" state={modalState(location)} size="sm" c="dimmed">
          Terms of Use
        </Anchor>
        <Anchor component={Link} to="/privacy" state={modalState(location)} size="sm" c="dimmed">
          Privacy Policy
        </Anchor>
        <Anchor href={`mailto:${supportEmail}`} size="sm" c="dimmed">
          Contact Support
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} {legalName}
      </Text>
    </Stack>
  );
}

type AuthLayoutProps = { title: string; subtitle?: ReactNode; children: ReactNode; width?: number };

/** Centred card with the brand's logo, used by every sign-in page. */
export function AuthLayout({ title, subtitle, children, width = 440 }: AuthLayoutProps) {
  usePageTitle(title);
  return (
    <Box
      mih="100vh"
      style={{
        background:
          'radial-gradient(circle at 20% 0%, var(--mantine-color-indigo-0), transparent 55%), var(--mantine-color-gray-0)',
      }}
    >
      <Center mih="100vh" px="md" py="xl">
        <Stack w="100%" maw={width} gap="lg">
          <Center component="header">
            <BrandMark />
          </Center>
          <Paper component="main" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm">
                    {subtitle}
                  </Text>
                )}
              </Stack>
              {children}
            </Stack>
          </Paper>
          <AuthFooter />
        </Stack>
      </Center>
    </Box>
  );
}
