import { normalizeVerificationCode } from '@charter/domain';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { useSession } from '../../app/session.tsx';
import { AuthAlert } from './auth-alert.tsx';
import { redeemChallenge } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { VERIFY_ERROR } from './auth-messages.ts';
import { clearChallenge } from './auth-storage.ts';
import { useAfterSignIn } from './use-after-sign-in.ts';

export const VERIFY_LINK_BUTTON = 'Sign In';

/**
 * /verify/:templateKey/:verificationId/:verificationCode — the emailed link. Opening it uses nothing up:
 * the code is redeemed by a POST only when the person clicks the button, so a mail scanner that opens
 * links (and runs their JavaScript) neither spends the code nor gets a session.
 */
export function VerifyLinkPage() {
  const { verificationId = '', verificationCode = '' } = useParams();
  const { signIn } = useSession();
  const afterSignIn = useAfterSignIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const redeem = async () => {
    setBusy(true);
    try {
      const { id_token } = await redeemChallenge(verificationId, normalizeVerificationCode(verificationCode));
      clearChallenge();
      await signIn(id_token);
      await afterSignIn();
    } catch (caught) {
      setError(caught instanceof ApiError && caught.hasServerMessage ? caught.message : '');
      setBusy(false);
    }
  };

  if (error !== null) {
    return (
      <AuthLayout title="This link did not work">
        <Stack gap="md">
          <AuthAlert title={VERIFY_ERROR}>{error && error !== VERIFY_ERROR ? error : null}</AuthAlert>
          <Button component={Link} to="/login" size="md" fullWidth>
            Back to Login
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Sign in with your email link"
      subtitle={`Press ${VERIFY_LINK_BUTTON} to finish signing in with the link we emailed you.`}
    >
      <Button size="md" fullWidth loading={busy} onClick={() => void redeem()}>
        {VERIFY_LINK_BUTTON}
      </Button>
    </AuthLayout>
  );
}
