import { GENERIC_ERROR_PERSISTS } from '@charter/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useResendConfirmation } from './queries.ts';

export const UNVERIFIED_TEXT = 'Your email address has not been verified yet.';

/** Verify your account: a fresh six-digit code by email, then the screen to enter it. */
export function useVerifyAccount() {
  const navigate = useNavigate();
  const notices = useNotices();
  const resend = useResendConfirmation();
  const verify = () =>
    resend.mutate(undefined, {
      onSuccess: () => navigate('/register/confirm-email'),
      onError: (error) =>
        notices.push({ type: 'error', message: errorMessage(error, GENERIC_ERROR_PERSISTS), error }),
    });
  return { verify, pending: resend.isPending };
}

/** Data rooms and outside forms are shown to guests: no banner about the viewer's own account there. */
export const showsVerifyBanner = (pathname: string) =>
  !/\/(rooms?|share-data-room|outside-form)(\/|$)/.test(pathname);

/** The verify-your-account banner (spec 1 §2 "Banners"). */
export function VerifyAccountBanner() {
  const { verify, pending } = useVerifyAccount();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailExclamation size={18} />}
      role="status"
      aria-label="Verify your account"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{UNVERIFIED_TEXT} Verify it to keep your account secure.</Text>
        <Button size="xs" onClick={verify} loading={pending}>
          Verify your account
        </Button>
      </Group>
    </Alert>
  );
}
