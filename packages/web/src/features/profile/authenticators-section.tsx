import { GENERIC_ERROR_PERSISTS } from '@charter/domain';
import { Divider, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Fragment, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { AddEmailForm } from './add-email-form.tsx';
import { AuthenticatorRow } from './authenticator-row.tsx';
import { useAuthenticators, useMakePrimaryAuthenticator, useRemoveAuthenticator } from './queries.ts';
import type { Authenticator } from './types.ts';
import { sortAuthenticators } from './verification-code.ts';
import { VerifyCodeForm } from './verify-code-form.tsx';

const GENERIC_ERROR = GENERIC_ERROR_PERSISTS;

/**
 * The user's email addresses: add one, verify it with the emailed code, make it primary or remove it.
 * `readOnly` (staff acting as the user): the list only.
 */
export function AuthenticatorsSection({ readOnly = false }: { readOnly?: boolean }) {
  const list = useAuthenticators();
  const makePrimary = useMakePrimaryAuthenticator();
  const remove = useRemoveAuthenticator();
  const notices = useNotices();
  const [verifying, setVerifying] = useState<string | null>(null);
  const fail = (error: unknown) =>
    notices.push({ type: 'error', message: errorMessage(error, GENERIC_ERROR), error });

  const primary = (a: Authenticator) =>
    makePrimary.mutate(a.id, {
      onSuccess: () => notices.push({ type: 'success', message: `${a.value} is now your primary email.` }),
      onError: fail,
    });
  const confirmRemove = (a: Authenticator) =>
    modals.openConfirmModal({
      title: 'Remove email',
      centered: true,
      children: <Text fz="sm">Are you sure you want to remove {a.value} from our system?</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'aria-label': `Confirm removing ${a.value}` },
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: () => notices.push({ type: 'success', message: `${a.value} removed.` }),
          onError: fail,
        }),
    });

  if (list.isPending) return <Skeleton h={80} radius="md" aria-label="Loading emails" />;
  if (list.isError) return <Text c="red">{errorMessage(list.error, GENERIC_ERROR)}</Text>;
  const items = sortAuthenticators(list.data);
  const pendingNew = verifying && !items.some((a) => a.value === verifying) ? verifying : null;
  return (
    <Stack gap="md">
      <div role="list" aria-label="Email addresses">
        {items.map((a, index) => (
          <Fragment key={a.id}>
            {index > 0 && <Divider />}
            <AuthenticatorRow
              authenticator={a}
              readOnly={readOnly}
              busy={makePrimary.isPending && makePrimary.variables === a.id}
              onVerify={() => setVerifying(a.value)}
              onMakePrimary={() => primary(a)}
              onRemove={() => confirmRemove(a)}
            />
            {verifying === a.value && <VerifyCodeForm email={a.value} onDone={() => setVerifying(null)} />}
          </Fragment>
        ))}
      </div>
      {pendingNew && <VerifyCodeForm email={pendingNew} onDone={() => setVerifying(null)} />}
      {!readOnly && (
        <>
          <Divider />
          <AddEmailForm onAdded={setVerifying} />
        </>
      )}
    </Stack>
  );
}
