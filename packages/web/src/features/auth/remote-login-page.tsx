import { GENERIC_ERROR_PERSISTS } from '@charter/domain';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { setCurrentAccountId, setStoredAccessToken } from '../../api/token-storage.ts';
import { useNotices } from '../../app/notices.tsx';
import { useSession } from '../../app/session.tsx';
import { AuthAlert } from './auth-alert.tsx';
import { remoteLogin } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';

/** /remote-login?user_id&account_id — a signed-in staff member opens a session as another user. */
export function RemoteLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, logout } = useSession();
  const { push } = useNotices();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const userId = params.get('user_id');
  const accountId = params.get('account_id');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!userId || !accountId) {
      setError('A user_id and an account_id are needed to log in as another user.');
      return;
    }
    (async () => {
      try {
        const { id_token, access_token } = await remoteLogin(userId, accountId);
        await signIn(id_token);
        setStoredAccessToken(accountId, access_token);
        setCurrentAccountId(Number(accountId));
        navigate(`/c/${accountId}/home`, { replace: true });
      } catch (caught) {
        const code = caught instanceof ApiError ? caught.code : '';
        if (code === 'UNAUTHORIZED' || code === 'FORBIDDEN') {
          await logout();
          navigate('/login', { replace: true });
          return;
        }
        if (code === 'NOT_SUDO')
          push({ type: 'error', message: errorMessage(caught, GENERIC_ERROR_PERSISTS), error: caught });
        setError(errorMessage(caught, GENERIC_ERROR_PERSISTS));
      }
    })();
  }, [userId, accountId, signIn, logout, navigate, push]);

  if (!error) {
    return (
      <AuthLayout title="Remote login">
        <Center py="lg" role="status">
          <Stack align="center" gap="sm">
            <Loader aria-hidden />
            <Text c="dimmed">Opening the session as user {userId}...</Text>
          </Stack>
        </Center>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Remote login failed">
      <Stack gap="md">
        <AuthAlert>{error}</AuthAlert>
        <Button
          size="md"
          fullWidth
          onClick={() => void logout().then(() => navigate('/login', { replace: true }))}
        >
          Back to Login
        </Button>
      </Stack>
    </AuthLayout>
  );
}
