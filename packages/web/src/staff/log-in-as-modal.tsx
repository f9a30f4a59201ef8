import { REMOTE_LOGIN_REASON_MAX } from '@charter/domain';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../api/api-error.ts';
import { logInAs } from './staff-api.ts';

export type LogInAsTarget = { userId: number; email: string; accountId: number; companyName: string };

/** Remote login asks why first: the reason goes to the audit log under the staff member's name. */
export function LogInAsModal({ target, onClose }: { target: LogInAsTarget | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!target) return;
    if (!reason.trim()) {
      setError('A reason is required to log in as another user');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await logInAs(target.userId, target.accountId, reason.trim());
    } catch (caught) {
      setError(errorMessage(caught, 'Remote login failed.'));
      setBusy(false);
    }
  };

  return (
    <Modal opened={target !== null} onClose={close} title="Log in as this user">
      {target ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">
              You will act as <b>{target.email}</b> in <b>{target.companyName}</b>. Everything you do is
              audited under your own name.
            </Text>
            <Textarea
              label="Reason"
              description="Why you need to log in as this user (for example a support ticket)."
              required
              autosize
              minRows={2}
              maxLength={REMOTE_LOGIN_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              data-autofocus
            />
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Log in as user
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
