import { BILLING_MESSAGES, type PaymentMethodView } from '@charter/domain';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { AddBankModal } from './add-bank-modal.tsx';
import { AddCardModal } from './add-card-modal.tsx';
import { BankLinkModal } from './bank-link-modal.tsx';
import { usePaymentMethods, useRemoveMethod, useSetDefault } from './queries.ts';
import { VerifyBankModal } from './verify-bank-modal.tsx';

const STATUS: Record<PaymentMethodView['status'], { label: string; color: string }> = {
  new: { label: 'Awaiting verification', color: 'yellow' },
  verified: { label: 'Verified', color: 'green' },
  verification_failed: { label: 'Verification failed', color: 'red' },
};

export const methodLabel = (m: PaymentMethodView) =>
  m.kind === 'bank'
    ? `${m.metadata.bank_label ?? m.brand ?? 'Bank account'} ····${m.last4}`
    : `${m.brand ?? 'Card'} ····${m.last4}`;

/** The settings list of payment methods: every card and bank account, with what the caller may do. */
export function PaymentMethods({ companyId, stripeDomain }: { companyId: number; stripeDomain: string }) {
  const methods = usePaymentMethods(companyId, true);
  const setDefault = useSetDefault(companyId);
  const remove = useRemoveMethod(companyId);
  const { push } = useNotices();
  const [adding, setAdding] = useState<'card' | 'bank' | 'link' | null>(null);
  const [verifying, setVerifying] = useState<number | null>(null);
  const list = methods.data?.methods ?? [];
  const manage = methods.data?.abilities.manage === true;
  const fail = (failure: unknown) =>
    push({ type: 'error', message: errorMessage(failure, BILLING_MESSAGES.fallback) });

  const confirmRemove = (m: PaymentMethodView) =>
    modals.openConfirmModal({
      title: 'Remove payment method',
      children: <Text size="sm">{`${BILLING_MESSAGES.removeConfirm} (${methodLabel(m)})`}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { id: m.id, kind: m.kind, stripeDomain },
          { onSuccess: (a) => push({ type: 'success', message: a.message }), onError: fail },
        ),
    });

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Payment Methods
          </Title>
          {manage && (
            <Group gap="xs">
              <Button size="xs" onClick={() => setAdding('card')}>
                Add Card
              </Button>
              <Button size="xs" variant="light" onClick={() => setAdding('bank')}>
                Add Bank Account
              </Button>
              <Button size="xs" variant="light" onClick={() => setAdding('link')}>
                Link Bank Account
              </Button>
            </Group>
          )}
        </Group>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {methods.isLoading ? 'Loading...' : 'No payment methods yet.'}
          </Text>
        ) : (
          <Table verticalSpacing="xs" aria-label="Payment methods">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Method</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((m) => (
                <Table.Tr key={m.id} data-testid={`method-${m.id}`}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm">{methodLabel(m)}</Text>
                      {m.is_default && (
                        <Badge size="sm" variant="light">
                          Default
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{m.name ?? ''}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {m.exp_month ? `${String(m.exp_month).padStart(2, '0')}/${m.exp_year}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" color={STATUS[m.status].color} variant="dot">
                      {STATUS[m.status].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {m.abilities.verify && (
                        <Button size="compact-xs" variant="light" onClick={() => setVerifying(m.id)}>
                          Verify
                        </Button>
                      )}
                      {m.abilities.set_default && !m.is_default && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() =>
                            setDefault.mutate(m.id, {
                              onSuccess: (a) => push({ type: 'success', message: a.message }),
                              onError: fail,
                            })
                          }
                        >
                          Set Default
                        </Button>
                      )}
                      {m.abilities.remove && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => confirmRemove(m)}
                        >
                          Remove
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <AddCardModal
        companyId={companyId}
        opened={adding === 'card'}
        onClose={() => setAdding(null)}
        stripeDomain={stripeDomain}
        first={!list.some((m) => m.status === 'verified')}
      />
      <AddBankModal
        companyId={companyId}
        opened={adding === 'bank'}
        onClose={() => setAdding(null)}
        stripeDomain={stripeDomain}
      />
      <BankLinkModal companyId={companyId} opened={adding === 'link'} onClose={() => setAdding(null)} />
      <VerifyBankModal companyId={companyId} methodId={verifying} onClose={() => setVerifying(null)} />
    </Paper>
  );
}
