import { normalizeVerificationCode } from '@charter/domain';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { useSession } from '../../app/session.tsx';
import { AuthAlert } from './auth-alert.tsx';
import { redeemChallenge, type SessionAnswer } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { VERIFY_ERROR } from './auth-messages.ts';
import { clearChallenge } from './auth-storage.ts';
import { useAfterSignIn } from './use-after-sign-in.ts';

// One POST per link even when React mounts the page twice (StrictMode) or the user re-renders it.
const redemptions = new Map<string, Promise<SessionAnswer>>();

function redeemOnce(id: string, code: string): Promise<SessionAnswer> {
  const key = `${id}:${code}`;
  let pending = redemptions.get(key);
  if (!pending) {
    pending = redeemChallenge(id, normalizeVerificationCode(code));
    redemptions.set(key, pending);
  }
  return pending;
}

/**
 * /verify/:templateKey/:verificationId/:verificationCode — the emailed link. The code is redeemed by a
 * POST from this page (never by the GET that loads it), so mail scanners opening the link use nothing up.
 */
export function VerifyLinkPage() {
  const { verificationId = '', verificationCode = '' } = useParams();
  const { signIn } = useSession();
  const afterSignIn = useAfterSignIn();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    redeemOnce(verificationId, verificationCode)
      .then(async ({ id_token }) => {
        if (!active) return;
        clearChallenge();
        await signIn(id_token);
        await afterSignIn();
      })
      .catch((caught: unknown) => {
        if (!active) return;
        setError(caught instanceof ApiError && caught.hasServerMessage ? caught.message : '');
      });
    return () => {
      active = false;
    };
  }, [verificationId, verificationCode, signIn, afterSignIn]);

  if (error === null) {
    return (
      <AuthLayout title="Signing you in">
        <Center py="lg" role="status">
          <Stack align="center" gap="sm">
            <Loader aria-hidden />
            <Text c="dimmed">Verifying your link...</Text>
          </Stack>
        </Center>
      </AuthLayout>
    );
  }
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
