import { BILLING_MESSAGES } from '@charter/domain';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useAddBank, useBillingCustomer } from './queries.ts';
import { useTokenizer } from './tokenizer.ts';

type Props = { companyId: number; opened: boolean; onClose: () => void; stripeDomain: string };

const EMPTY = {
  account_holder_name: '',
  account_holder_type: 'company',
  routing_number: '',
  account_number: '',
  bank_label: '',
};
const numeric = (required: string) => (v: string) =>
  !v.trim() ? required : /^\d+$/.test(v.trim()) ? null : BILLING_MESSAGES.numeric;

/**
 * Add a bank account to verify by two micro-deposits (spec 1 §5: name, routing, account, label required).
 * The account is tokenised in the browser: by Stripe.js (`createToken('bank_account', …)`) when the provider
 * is stripe, by the test tokeniser otherwise.
 */
export function AddBankModal({ companyId, opened, onClose, stripeDomain }: Props) {
  const add = useAddBank(companyId);
  const customer = useBillingCustomer(companyId, opened);
  const tokenizer = useTokenizer(opened ? customer.data : undefined);
  const ready = tokenizer.status === 'ready' ? tokenizer.tokenizer : null;
  const [tokenising, setTokenising] = useState(false);
  const { push } = useNotices();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      account_holder_name: (v) => (v.trim() ? null : BILLING_MESSAGES.bankNameRequired),
      routing_number: numeric(BILLING_MESSAGES.routingRequired),
      account_number: numeric(BILLING_MESSAGES.accountRequired),
      bank_label: (v) => (v.trim() ? null : BILLING_MESSAGES.bankLabelRequired),
    },
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = async (values: typeof EMPTY) => {
    if (!ready) return;
    setError(null);
    setTokenising(true);
    const tokenised = await ready
      .tokenizeBank({
        accountHolderName: values.account_holder_name,
        accountHolderType: values.account_holder_type as 'individual' | 'company',
        country: 'US',
        currency: 'usd',
        routingNumber: values.routing_number,
        accountNumber: values.account_number,
        bankLabel: values.bank_label,
      })
      .finally(() => setTokenising(false));
    if (!tokenised.token) {
      setError(tokenised.error ?? BILLING_MESSAGES.tokenisation);
      return;
    }
    add.mutate(
      {
        ...values,
        account_holder_type: values.account_holder_type as 'individual' | 'company',
        country: 'US',
        currency: 'usd',
        token: tokenised.token,
        stripe_domain: stripeDomain,
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
    <Modal opened={opened} onClose={close} title="Add Bank Account" centered>
      <form aria-label="Add bank account" noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {tokenizer.status === 'failed' && (
            <Alert color="red" role="alert">
              {BILLING_MESSAGES.fallback}
            </Alert>
          )}
          <TextInput
            label="Account holder name"
            required
            data-autofocus
            {...form.getInputProps('account_holder_name')}
          />
          <Select
            label="Account holder type"
            data={[
              { value: 'company', label: 'Company' },
              { value: 'individual', label: 'Individual' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('account_holder_type')}
          />
          <TextInput
            label="Routing number"
            required
            inputMode="numeric"
            {...form.getInputProps('routing_number')}
          />
          <TextInput
            label="Account number"
            required
            inputMode="numeric"
            {...form.getInputProps('account_number')}
          />
          <TextInput label="Bank label" required {...form.getInputProps('bank_label')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={tokenising || add.isPending} disabled={!ready}>
              Submit Bank Account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
