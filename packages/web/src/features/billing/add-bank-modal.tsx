import { BILLING_MESSAGES } from '@charter/domain';
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAddBank } from './queries.ts';
import { MethodActions, MethodAlert, useAddMethod } from './use-add-method.tsx';

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
  const method = useAddMethod({ companyId, opened, onClose, reset: form.reset, add: useAddBank(companyId) });
  const submit = (values: typeof EMPTY) => {
    const holderType = values.account_holder_type as 'individual' | 'company';
    return method.submit(
      (tokenizer) =>
        tokenizer.tokenizeBank({
          accountHolderName: values.account_holder_name,
          accountHolderType: holderType,
          country: 'US',
          currency: 'usd',
          routingNumber: values.routing_number,
          accountNumber: values.account_number,
          bankLabel: values.bank_label,
        }),
      (token) => ({
        ...values,
        account_holder_type: holderType,
        country: 'US',
        currency: 'usd',
        token,
        stripe_domain: stripeDomain,
      }),
    );
  };
  return (
    <Modal opened={opened} onClose={method.close} title="Add Bank Account" centered>
      <form aria-label="Add bank account" noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <MethodAlert message={method.error} />
          <MethodAlert message={method.tokenizer.status === 'failed' && BILLING_MESSAGES.fallback} />
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
          <MethodActions label="Submit Bank Account" method={method} />
        </Stack>
      </form>
    </Modal>
  );
}
