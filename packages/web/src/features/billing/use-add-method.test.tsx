import { BILLING_MESSAGES, TEST_BANKS } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { theme } from '../../app/theme.ts';
import type { TokenResult } from './tokenizer.ts';

/** The test provider's tokeniser (never Stripe.js); the mutation and the notices are fakes to watch. */
const fakes = vi.hoisted(() => ({
  mutate: vi.fn(),
  push: vi.fn(),
}));
vi.mock('./queries.ts', () => ({
  useBillingCustomer: () => ({ data: { provider: 'test', publishable_key: null } }),
  useAddBank: () => ({ mutate: fakes.mutate, isPending: false }),
}));
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push: fakes.push }) }));

const { useAddMethod } = await import('./use-add-method.tsx');
const { AddBankModal } = await import('./add-bank-modal.tsx');

type Callbacks = { onSuccess: (answer: { message: string }) => void; onError: (failure: unknown) => void };
/** The server's answer to the mutation: its message, or a refusal. */
const answer = (outcome: { message: string } | Error) =>
  fakes.mutate.mockImplementation((_body: unknown, callbacks: Callbacks) =>
    outcome instanceof Error ? callbacks.onError(outcome) : callbacks.onSuccess(outcome),
  );

const setup = () => {
  const onClose = vi.fn();
  const reset = vi.fn();
  const hook = renderHook(() =>
    useAddMethod({
      companyId: 7,
      opened: true,
      onClose,
      reset,
      add: { mutate: fakes.mutate, isPending: false },
    }),
  );
  return { hook, onClose, reset };
};

const ready = async (hook: ReturnType<typeof setup>['hook']) =>
  waitFor(() => expect(hook.result.current.ready?.kind).toBe('test'));

const submit = (hook: ReturnType<typeof setup>['hook'], token: TokenResult) =>
  act(() =>
    hook.result.current.submit(
      () => Promise.resolve(token),
      (t) => ({ token: t }),
    ),
  );

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('useAddMethod', () => {
  it("sends the token, shows the server's message as a notice and closes", async () => {
    const { hook, onClose, reset } = setup();
    await ready(hook);
    answer({ message: BILLING_MESSAGES.methodAdded });
    await submit(hook, { token: 'tok_1' });
    expect(fakes.mutate.mock.calls[0][0]).toEqual({ token: 'tok_1' });
    expect(fakes.push).toHaveBeenCalledWith({
      type: 'success',
      message: BILLING_MESSAGES.methodAdded,
    });
    expect(reset).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
    expect(hook.result.current.error).toBeNull();
  });

  it("keeps the modal open with the server's refusal, and no notice", async () => {
    const { hook, onClose, reset } = setup();
    await ready(hook);
    answer(new ApiError(422, { code: 'CARD_DECLINED', message: 'Your card was declined.' }));
    await submit(hook, { token: 'tok_1' });
    expect(hook.result.current.error).toBe('Your card was declined.');
    expect(hook.result.current.busy).toBe(false);
    expect(fakes.push).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(reset).not.toHaveBeenCalled();
  });

  it('shows the general message when the server sent none', async () => {
    const { hook, onClose } = setup();
    await ready(hook);
    answer(new ApiError(500));
    await submit(hook, { token: 'tok_1' });
    expect(hook.result.current.error).toBe(BILLING_MESSAGES.fallback);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("stops at the tokeniser's error: nothing sent, nothing closed", async () => {
    const { hook, onClose } = setup();
    await ready(hook);
    await submit(hook, { error: 'Your card number is incomplete.' });
    expect(hook.result.current.error).toBe('Your card number is incomplete.');
    expect(fakes.mutate).not.toHaveBeenCalled();
    expect(fakes.push).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closing clears the error and the form', async () => {
    const { hook, onClose, reset } = setup();
    await ready(hook);
    await submit(hook, { error: 'Nope.' });
    act(() => hook.result.current.close());
    expect(hook.result.current.error).toBeNull();
    expect(reset).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});

describe('AddBankModal', () => {
  it("shows the server's refusal in an alert and stays open, without a notice", async () => {
    answer(new ApiError(422, { code: 'INVALID', message: 'Bank account refused.' }));
    const onClose = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <AddBankModal companyId={7} opened onClose={onClose} stripeDomain="default" />
      </MantineProvider>,
    );
    const submitButton = await screen.findByRole('button', { name: 'Submit Bank Account' });
    await waitFor(() => expect(submitButton.hasAttribute('disabled')).toBe(false));
    fireEvent.change(screen.getByLabelText(/Account holder name/), { target: { value: 'Acme Inc' } });
    fireEvent.change(screen.getByLabelText(/Routing number/), {
      target: { value: TEST_BANKS.succeed.routing },
    });
    fireEvent.change(screen.getByLabelText(/Account number/), {
      target: { value: TEST_BANKS.succeed.account },
    });
    fireEvent.change(screen.getByLabelText(/Bank label/), { target: { value: 'Operating' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Add bank account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bank account refused.');
    expect(fakes.mutate.mock.calls[0][0]).toMatchObject({
      account_holder_name: 'Acme Inc',
      account_holder_type: 'company',
      country: 'US',
      currency: 'usd',
      bank_label: 'Operating',
      stripe_domain: 'default',
    });
    expect(typeof fakes.mutate.mock.calls[0][0].token).toBe('string');
    expect(screen.getByRole('form', { name: 'Add bank account' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(fakes.push).not.toHaveBeenCalled();
  });
});
