import {
  GENERIC_ERROR_PERSISTS,
  REMOTE_LOGIN_REASON_MAX,
  REMOTE_LOGIN_REASON_REQUIRED,
} from '@charter/domain';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { setCurrentAccountId, setStoredAccessToken } from '../../api/token-storage.ts';
import { useNotices } from '../../app/notices.tsx';
import { useSession } from '../../app/session.tsx';
import { AuthAlert } from './auth-alert.tsx';
import { remoteLogin } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * /remote-login?user_id&account_id[&reason] — a signed-in staff member opens a session as another user,
 * saying why first (the reason is audited under their own name). The staff console asks for the reason
 * itself; this page asks when it is opened directly.
 */
export function RemoteLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, logout } = useSession();
  const { push } = useNotices();
  const [reason, setReason] = useState(params.get('reason') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const userId = params.get('user_id');
  const accountId = params.get('account_id');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userId || !accountId) return;
    if (!reason.trim()) {
      setError(REMOTE_LOGIN_REASON_REQUIRED);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { id_token, access_token } = await remoteLogin(userId, accountId, reason.trim());
      await signIn(id_token);
      setStoredAccessToken(accountId, access_token);
      setCurrentAccountId(Number(accountId));
      navigate(`/c/${accountId}/home`, { replace: true });
    } catch (caught) {
      setBusy(false);
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
  };

  if (!userId || !accountId) {
    return (
      <AuthLayout title="Remote login failed">
        <AuthAlert>A user_id and an account_id are needed to log in as another user.</AuthAlert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Remote login">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>
            Log in as user {userId} in workspace {accountId}. Your reason is recorded in the audit log under
            your own name.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={REMOTE_LOGIN_REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
          {error ? <AuthAlert>{error}</AuthAlert> : null}
          <Button type="submit" size="md" fullWidth loading={busy}>
            Log in as user
          </Button>
          <Button
            variant="subtle"
            fullWidth
            onClick={() => void logout().then(() => navigate('/login', { replace: true }))}
          >
            Back to Login
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
