import { BILLING_MESSAGES, TEST_BANK_LINK } from '@charter/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useBankLinkToken, useExchangeBankLink } from './queries.ts';

type Props = { companyId: number; opened: boolean; onClose: () => void };

/**
 * Link a bank account (the spec's /plaid/ calls). In test mode this stands in for the bank-linking widget:
 * the link token is asked for, then Connect hands back a public token that succeeds, Cancel one that is
 * cancelled, and either is sent to the server like the real widget's.
 */
export function BankLinkModal({ companyId, opened, onClose }: Props) {
  const token = useBankLinkToken(companyId);
  const exchange = useExchangeBankLink(companyId);
  const { push } = useNotices();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    token.reset();
    onClose();
  };
  const finish = (publicToken: string) => {
    setError(null);
    exchange.mutate(
      {
        public_token: publicToken,
        institution: { name: TEST_BANK_LINK.institution, institution_id: 'test' },
        account: { id: TEST_BANK_LINK.accountId, name: 'Checking', mask: '0000' },
      },
      {
        onSuccess: (answer) => {
          push({ type: 'success', message: answer.message });
          close();
        },
        onError: (failure) => setError(errorMessage(failure, BILLING_MESSAGES.fallback)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Link Bank Account" centered>
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {!token.data ? (
          <>
            <Text size="sm">Connect a bank account by signing in to your bank; it is verified at once.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                loading={token.isPending}
                onClick={() =>
                  token.mutate(undefined, {
                    onError: (failure) => setError(errorMessage(failure, BILLING_MESSAGES.fallback)),
                  })
                }
              >
                Continue
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm" fw={500}>
              {TEST_BANK_LINK.institution} (test bank link)
            </Text>
            <Text size="sm" c="dimmed">
              Checking account ending 0000.
            </Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => finish(TEST_BANK_LINK.cancelled)}
                loading={exchange.isPending}
              >
                Cancel Link
              </Button>
              <Button onClick={() => finish(TEST_BANK_LINK.success)} loading={exchange.isPending}>
                Connect
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
