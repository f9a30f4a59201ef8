import { BILLING_MESSAGES } from '@charter/domain';
import {
  Box,
  Checkbox,
  Input,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useAddCard } from './queries.ts';
import { MethodActions, MethodAlert, useAddMethod } from './use-add-method.tsx';

export const COUNTRIES = [
  { value: 'US', label: 'United States of America' },
  { value: 'CA', label: 'Canada' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'DE', label: 'Germany' },
  { value: 'FR', label: 'France' },
  { value: 'AU', label: 'Australia' },
];

type Props = {
  companyId: number;
  opened: boolean;
  onClose: () => void;
  stripeDomain: string;
  first: boolean;
};

const EMPTY = {
  name: '',
  number: '',
  exp_month: 12 as number | string,
  exp_year: new Date().getFullYear() + 2,
  cvc: '',
  country: 'US',
  is_default: false,
};

/**
 * Add a card (spec 1 §5): holder name and country required. The card is turned into a token here, in the
 * browser — by Stripe.js's card Element when the provider is stripe (holder name and country still ours,
 * sent as billing details), by the test tokeniser otherwise; only the token reaches the server.
 */
export function AddCardModal({ companyId, opened, onClose, stripeDomain, first }: Props) {
  const testFields = useRef(true);
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      name: (v) => (v.trim() ? null : BILLING_MESSAGES.cardNameRequired),
      country: (v) => (v ? null : BILLING_MESSAGES.cardCountryRequired),
      number: (v) =>
        !testFields.current || v.replace(/\D/g, '').length >= 12 ? null : 'Card number required',
    },
  });
  const method = useAddMethod({ companyId, opened, onClose, reset: form.reset, add: useAddCard(companyId) });
  const { ready, tokenizer } = method;
  const stripe = ready?.kind === 'stripe';
  testFields.current = !stripe;
  const [cardNode, setCardNode] = useState<HTMLDivElement | null>(null);
  useEffect(() => (cardNode && ready ? ready.mountCard(cardNode) : undefined), [cardNode, ready]);
  const submit = (values: typeof EMPTY) =>
    method.submit(
      (provider) =>
        provider.tokenizeCard({
          number: values.number,
          expMonth: Number(values.exp_month),
          expYear: Number(values.exp_year),
          name: values.name,
          country: values.country,
        }),
      (token) => ({
        stripe_token_id: token,
        is_default: values.is_default || first,
        stripe_domain: stripeDomain,
      }),
    );
  return (
    <Modal opened={opened} onClose={method.close} title="Add Card" centered>
      <form aria-label="Add card" noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <MethodAlert message={method.error} />
          <TextInput label="Name on card" required data-autofocus {...form.getInputProps('name')} />
          <MethodAlert message={tokenizer.status === 'failed' && BILLING_MESSAGES.fallback} />
          {tokenizer.status === 'loading' && <Loader size="sm" aria-label="Loading card form" />}
          {stripe && (
            <Input.Wrapper label="Card" required>
              <Box
                ref={setCardNode}
                data-testid="stripe-card-element"
                p={10}
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
              />
            </Input.Wrapper>
          )}
          {ready?.kind === 'test' && (
            <>
              <TextInput
                label="Card number"
                required
                inputMode="numeric"
                autoComplete="off"
                {...form.getInputProps('number')}
              />
              <SimpleGrid cols={3}>
                <NumberInput
                  label="Exp. month"
                  min={1}
                  max={12}
                  required
                  {...form.getInputProps('exp_month')}
                />
                <NumberInput
                  label="Exp. year"
                  min={2000}
                  max={2100}
                  required
                  {...form.getInputProps('exp_year')}
                />
                <TextInput label="CVC" autoComplete="off" {...form.getInputProps('cvc')} />
              </SimpleGrid>
            </>
          )}
          <Select
            label="Country"
            required
            data={COUNTRIES}
            allowDeselect={false}
            {...form.getInputProps('country')}
          />
          <Checkbox
            label="Make this my default payment method"
            disabled={first}
            {...form.getInputProps('is_default', { type: 'checkbox' })}
            checked={first || form.values.is_default}
          />
          <MethodActions label="Save Card" method={method} />
        </Stack>
      </form>
    </Modal>
  );
}
