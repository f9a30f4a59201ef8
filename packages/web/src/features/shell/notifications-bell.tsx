import { GENERIC_ERROR_PERSISTS, SET_NEW_PASSWORD_EMAIL_SENT } from '@charter/domain';
import { ActionIcon, Button, Group, Indicator, Popover, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBell } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useSession } from '../../app/session.tsx';
import { useResendConfirmation, useSendPasswordLink } from './queries.ts';

const FALLBACK_ERROR = GENERIC_ERROR_PERSISTS;

/** The bell lists what the user should still do: verify their email, set a password. */
export function NotificationsBell() {
  const { user } = useSession();
  const navigate = useNavigate();
  const notices = useNotices();
  const resend = useResendConfirmation();
  const passwordLink = useSendPasswordLink();
  const unverified = user ? !user.email_verified : false;
  const noPassword = user ? !user.password_allowed : false;
  const count = Number(unverified) + Number(noPassword);

  const verify = () =>
    resend.mutate(undefined, {
      onSuccess: () => navigate('/register/confirm-email'),
      onError: (error) =>
        notices.push({ type: 'error', message: errorMessage(error, FALLBACK_ERROR), error }),
    });
  const sendLink = () =>
    passwordLink.mutate(undefined, {
      onSuccess: () => notices.push({ type: 'success', message: SET_NEW_PASSWORD_EMAIL_SENT }),
      onError: (error) =>
        notices.push({ type: 'error', message: errorMessage(error, FALLBACK_ERROR), error }),
    });

  return (
    <Popover position="bottom-end" width={320} shadow="md" withArrow>
      <Popover.Target>
        <Indicator disabled={count === 0} label={count} size={16} offset={4} color="red">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
            <IconBell size={20} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="md">
          <Text fw={600}>Notifications</Text>
          {count === 0 && (
            <Text c="dimmed" fz="sm">
              You're all caught up.
            </Text>
          )}
          {unverified && (
            <Warning text="Your email address has not been verified yet.">
              <Button size="xs" onClick={verify} loading={resend.isPending}>
                Verify your account
              </Button>
            </Warning>
          )}
          {noPassword && (
            <Warning text="Your account has no password yet.">
              <Button size="xs" variant="light" onClick={sendLink} loading={passwordLink.isPending}>
                Email New Password Link
              </Button>
            </Warning>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function Warning({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <ThemeIcon color="yellow" variant="light" radius="xl">
        <IconAlertTriangle size={16} />
      </ThemeIcon>
      <Stack gap={6} align="flex-start">
        <Text fz="sm">{text}</Text>
        {children}
      </Stack>
    </Group>
  );
}
