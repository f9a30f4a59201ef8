import { BILLING_MESSAGES } from '@charter/domain';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useVerifyBank } from './queries.ts';

type Props = { companyId: number; methodId: number | null; onClose: () => void };

const amount = (v: string) => {
  const s = v.trim();
  if (!s) return BILLING_MESSAGES.amountRequired;
  if (!/^\d*\.?\d+$/.test(s)) return BILLING_MESSAGES.amountDecimal;
  return Number(s) > 0 ? null : BILLING_MESSAGES.amountPositive;
};

/** Verify a bank account with the two micro-deposit amounts (spec 1 §5: required, decimal, positive). */
export function VerifyBankModal({ companyId, methodId, onClose }: Props) {
  const verify = useVerifyBank(companyId);
  const { push } = useNotices();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { amount_one: '', amount_two: '' },
    validate: { amount_one: amount, amount_two: amount },
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = (values: { amount_one: string; amount_two: string }) => {
    if (methodId === null) return;
    setError(null);
    verify.mutate(
      { id: methodId, amounts: [values.amount_one.trim(), values.amount_two.trim()] },
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
    <Modal opened={methodId !== null} onClose={close} title="Verify Bank Account" centered>
      <form aria-label="Verify bank account" noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Two deposits under a dollar each are sent to the account (usually in 2 to 3 days). Enter their
            amounts.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={2}>
            <TextInput
              label="First amount"
              placeholder="0.32"
              required
              data-autofocus
              {...form.getInputProps('amount_one')}
            />
            <TextInput
              label="Second amount"
              placeholder="0.45"
              required
              {...form.getInputProps('amount_two')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={verify.isPending}>
              Verify
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
