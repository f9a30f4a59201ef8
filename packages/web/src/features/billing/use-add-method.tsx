import { BILLING_MESSAGES, type MethodChangeView } from '@charter/domain';
import { Alert, Button, Group } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useBillingCustomer } from './queries.ts';
import { type Tokenizer, type TokenResult, useTokenizer } from './tokenizer.ts';

/** The mutation that sends a token (useAddCard, useAddBank): only what the hook uses of it. */
export type AddMutation<B> = Pick<UseMutationResult<MethodChangeView, Error, B>, 'mutate' | 'isPending'>;

type Options<B> = {
  companyId: number;
  opened: boolean;
  onClose: () => void;
  /** Empties the modal's form, on every close. */
  reset: () => void;
  add: AddMutation<B>;
};

/**
 * What the Add Card and Add Bank Account modals share (the payment modal's Add Card too, through
 * AddCardModal): the customer's tokeniser, loaded while the modal is open; then, on submit, tokenise in the
 * browser -> send the token -> the server's message as a success notice and close. A failure (the
 * tokeniser's message, or the server's) is shown in the modal's alert and leaves the modal open.
 */
export function useAddMethod<B>({ companyId, opened, onClose, reset, add }: Options<B>) {
  const customer = useBillingCustomer(companyId, opened);
  const tokenizer = useTokenizer(opened ? customer.data : undefined);
  const ready = tokenizer.status === 'ready' ? tokenizer.tokenizer : null;
  const { push } = useNotices();
  const [error, setError] = useState<string | null>(null);
  const [tokenising, setTokenising] = useState(false);
  const close = () => {
    reset();
    setError(null);
    onClose();
  };
  /** Tokenises with the ready tokeniser, then sends the body made around the token. */
  const submit = async (
    tokenise: (tokenizer: Tokenizer) => Promise<TokenResult>,
    body: (token: string) => B,
  ) => {
    if (!ready) return;
    setError(null);
    setTokenising(true);
    const tokenised = await tokenise(ready).finally(() => setTokenising(false));
    if (!tokenised.token) {
      setError(tokenised.error ?? BILLING_MESSAGES.tokenisation);
      return;
    }
    add.mutate(body(tokenised.token), {
      onSuccess: (answer) => {
        push({ type: 'success', message: answer.message });
        close();
      },
      onError: (failure) => setError(errorMessage(failure, BILLING_MESSAGES.fallback)),
    });
  };
  return { tokenizer, ready, error, busy: tokenising || add.isPending, close, submit };
}

/** A red alert with the message, or nothing. */
export function MethodAlert({ message }: { message: string | null | false }) {
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}

/** Cancel and the submit button (busy while tokenising or sending; off until the tokeniser is ready). */
export function MethodActions({
  label,
  method,
}: {
  label: string;
  method: Pick<ReturnType<typeof useAddMethod>, 'close' | 'busy' | 'ready'>;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={method.close}>
        Cancel
      </Button>
      <Button type="submit" loading={method.busy} disabled={!method.ready}>
        {label}
      </Button>
    </Group>
  );
}
