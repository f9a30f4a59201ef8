import { type AddonView, BILLING_MESSAGES, type TransactionBillingView } from '@charter/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  Modal,
  Radio,
  Stack,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotices } from '../../app/notices.tsx';
import { AddCardModal } from '../billing/add-card-modal.tsx';
import { formatCents } from '../billing/money.ts';
import { useBillingCustomer, usePaymentMethods, useSetDefault } from '../billing/queries.ts';
import { addonSettled, useAddonTicks, useChooseAddon } from './addons.ts';
import { useTransactionBilling } from './queries.ts';
import { submitErrorMessage } from './submit-error.ts';

/** Spec 2 §9: the payment/finalize modal is 450 wide. */
const WIDTH = 450;

type Props = {
  companyId: number;
  transaction: { id: number; label: string };
  opened: boolean;
  onClose: () => void;
  /** Submits the group (the finalize); rejects with the server's refusal. */
  submit: (autoSend: boolean) => Promise<unknown>;
  onSubmitted: () => void;
};

/**
 * The payment/finalize modal (spec 2 §4): what the submission costs (fees, add-ons, credits), the card to
 * pay with (pick one, or add one with its holder name and country), then submit. Partner-covered fees show
 * as covered; a partner billing set-up in progress shows the support contact instead of a card.
 */
export function PaymentModal({ companyId, transaction, opened, onClose, submit, onSubmitted }: Props) {
  const billing = useTransactionBilling(companyId, transaction.id, opened);
  const methods = usePaymentMethods(companyId, false);
  const customer = useBillingCustomer(companyId, opened);
  const setDefault = useSetDefault(companyId);
  const chooseAddon = useChooseAddon(companyId);
  const queryClient = useQueryClient();
  const { push } = useNotices();
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [autoSend, setAutoSend] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const data = billing.data;
  const cards = (methods.data?.methods ?? []).filter((m) => m.status === 'verified');
  const selected =
    chosen ?? (methods.data?.default_method_id ? String(methods.data.default_method_id) : null);
  const due = data?.product.fee_total ?? 0;
  const needsCard = due > 0 && !data?.partner_setup_pending;

  const pay = async () => {
    setError(null);
    setBusy(true);
    try {
      if (needsCard) {
        if (!selected) throw new Error(BILLING_MESSAGES.noPaymentMethod);
        if (Number(selected) !== methods.data?.default_method_id)
          await setDefault.mutateAsync(Number(selected));
        push({ type: 'info', message: BILLING_MESSAGES.paymentMethodSaved });
      }
      await submit(autoSend);
      await queryClient.invalidateQueries({ queryKey: ['account', companyId, 'billing'] });
      onSubmitted();
      onClose();
    } catch (caught) {
      setError(
        caught instanceof Error && !('status' in caught) ? caught.message : submitErrorMessage(caught),
      );
      await queryClient.invalidateQueries({ queryKey: ['account', companyId, 'billing', 'transaction'] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Submit Task" size={WIDTH} centered>
      {!data ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Submitting freezes the answers of {transaction.label} and generates its documents. Documents take
            15-20 seconds.
          </Text>
          <Charges
            data={data}
            onChooseAddon={(addon, chosen) => {
              setError(null);
              return chooseAddon
                .mutateAsync({ addon, addons: data.product.addon, chosen })
                .catch((caught: unknown) => setError(submitErrorMessage(caught)));
            }}
          />
          {data.partner_setup_pending && due > 0 && (
            <Alert color="yellow" role="status">
              {BILLING_MESSAGES.partnerSetupInProgress}{' '}
              <Anchor href={`mailto:${data.support_email}`}>{data.support_email}</Anchor>
            </Alert>
          )}
          {needsCard && (
            <Stack gap="xs">
              <Radio.Group label="Pay with" value={selected} onChange={setChosen}>
                <Stack gap={4} mt={4}>
                  {cards.map((card) => (
                    <Radio
                      key={card.id}
                      value={String(card.id)}
                      label={`${card.brand ?? (card.kind === 'bank' ? 'Bank' : 'Card')} ending in ${card.last4}${
                        card.is_default ? ' (default)' : ''
                      }`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              {cards.length === 0 && (
                <Text size="sm" c="dimmed">
                  No payment method yet.
                </Text>
              )}
              <Button variant="light" size="compact-sm" onClick={() => setAdding(true)} w="fit-content">
                Add Card
              </Button>
            </Stack>
          )}
          <Checkbox
            checked={autoSend}
            onChange={(event) => setAutoSend(event.currentTarget.checked)}
            label="Send documents for signature as soon as they are ready"
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              onClick={pay}
              loading={busy}
              // Not while an add-on choice is saved: the total shown must be the one charged.
              disabled={
                (needsCard && !selected) ||
                (data.partner_setup_pending && due > 0) ||
                chooseAddon.isPending ||
                billing.isFetching
              }
            >
              {needsCard ? `Pay ${formatCents(due)} and Submit` : 'Submit Task'}
            </Button>
          </Group>
        </Stack>
      )}
      <AddCardModal
        companyId={companyId}
        opened={adding}
        onClose={() => setAdding(false)}
        stripeDomain={customer.data?.stripe_domain ?? ''}
        first={cards.length === 0}
      />
    </Modal>
  );
}

type ChargesProps = {
  data: TransactionBillingView;
  onChooseAddon: (addon: AddonView, chosen: boolean) => Promise<unknown>;
};

function Charges({ data, onChooseAddon }: ChargesProps) {
  const ticks = useAddonTicks(onChooseAddon);
  const { fees, addon } = data.product;
  const lines = fees
    .filter((f) => f.status !== 'none')
    .map((f) => ({ ...f, suffix: f.is_annual ? ' (annual)' : '' }));
  if (lines.length === 0 && addon.length === 0 && data.credits_needed === 0) return null;
  return (
    <Stack gap={4} aria-label="Charges">
      <Divider />
      {lines.map((line) => (
        <Group key={`${line.taskId}-${line.key}`} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {line.label}
            {line.suffix}
          </Text>
          <Text size="sm" c={line.status === 'covered' || line.status === 'succeeded' ? 'dimmed' : undefined}>
            {line.status === 'covered'
              ? `Covered${data.covered_by ? ` by ${data.covered_by}` : ''}`
              : line.status === 'succeeded'
                ? 'Paid'
                : formatCents(line.amount)}
          </Text>
        </Group>
      ))}
      {addon.map((item) => (
        // Offered unticked: the add-on is bought only if ticked here (or on its task's card).
        <Group key={`${item.taskId}-${item.key}`} justify="space-between" wrap="nowrap">
          {addonSettled(item) ? (
            <Text size="sm">
              {item.label} (add-on, per {item.period})
            </Text>
          ) : (
            <Checkbox
              size="sm"
              label={`${item.label} (add-on, per ${item.period})`}
              checked={ticks.chosen(item)}
              onChange={(event) => ticks.tick(item, event.currentTarget.checked)}
            />
          )}
          <Text size="sm" c={ticks.chosen(item) && !addonSettled(item) ? undefined : 'dimmed'}>
            {item.status === 'covered'
              ? `Covered${data.covered_by ? ` by ${data.covered_by}` : ''}`
              : item.status === 'succeeded'
                ? 'Paid'
                : formatCents(item.amount)}
          </Text>
        </Group>
      ))}
      {data.credits_needed > 0 && (
        <Group justify="space-between">
          <Text size="sm">Document credits</Text>
          <Text size="sm">
            {data.credits_covered
              ? `Covered${data.covered_by ? ` by ${data.covered_by}` : ''}`
              : `${data.credits_needed} of ${data.credits_remaining} left`}
          </Text>
        </Group>
      )}
      {data.product.fee_total > 0 && (
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Total due
          </Text>
          <Text size="sm" fw={600}>
            {formatCents(data.product.fee_total)}
          </Text>
        </Group>
      )}
      <Divider />
    </Stack>
  );
}
