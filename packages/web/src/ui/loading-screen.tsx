import { LOAD_ERROR_MS } from '@charter/domain';
import { Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useBrand } from '../app/brand.tsx';
import { useSession } from '../app/session.tsx';

/** Page load not finishing within this time shows the loading error (spec §9). */
export { LOAD_ERROR_MS };

export const LOAD_ERROR_MESSAGE = 'Sorry, there was a problem loading the page.';

type Props = {
  /** 0 shows the error at once. */
  timeoutMs?: number;
  /** Full page by default; less inside the shell. */
  minHeight?: number | string;
};

/** Full-page "Loading..." that turns into an error with reload, logout and support links after 7 s. */
export function LoadingScreen({ timeoutMs = LOAD_ERROR_MS, minHeight = '100vh' }: Props) {
  const [timedOut, setTimedOut] = useState(timeoutMs <= 0);
  const { supportEmail } = useBrand();
  const { logout } = useSession();

  useEffect(() => {
    if (timeoutMs <= 0) return;
    const timer = window.setTimeout(() => setTimedOut(true), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [timeoutMs]);

  if (!timedOut) {
    return (
      <Center mih={minHeight} role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader aria-hidden />
          <Text c="dimmed">Loading...</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih={minHeight} role="alert">
      <Stack align="center" gap="md" maw={420} ta="center" px="md">
        <IconAlertTriangle size={40} color="var(--mantine-color-orange-6)" aria-hidden />
        <Text fw={600} size="lg">
          {LOAD_ERROR_MESSAGE}
        </Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
          <Button
            variant="default"
            onClick={() => void logout().then(() => window.location.assign('/login'))}
          >
            Logout
          </Button>
        </Group>
        <Anchor href={`mailto:${supportEmail}`} size="sm">
          Contact Support
        </Anchor>
      </Stack>
    </Center>
  );
}
