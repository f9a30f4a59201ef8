import { BILLING_MESSAGES } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticesProvider } from '../../app/notices.tsx';
import { theme } from '../../app/theme.ts';

/** Stripe.js is never fetched: the npm module's loadStripe is replaced by a fake Stripe object. */
const stripe = vi.hoisted(() => {
  const element = { mount: vi.fn(), destroy: vi.fn() };
  return {
    element,
    create: vi.fn(() => element),
    createToken: vi.fn(),
    loadStripe: vi.fn(),
  };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));

const queries = vi.hoisted(() => ({
  customer: { provider: 'stripe', publishable_key: 'pk_test_web' } as {
    provider: 'stripe' | 'test';
    publishable_key: string | null;
  },
  mutate: vi.fn(),
}));
vi.mock('./queries.ts', () => ({
  useBillingCustomer: () => ({ data: queries.customer }),
  useAddCard: () => ({ mutate: queries.mutate, isPending: false }),
}));

const { AddCardModal } = await import('./add-card-modal.tsx');

const show = () =>
  render(
    <MantineProvider theme={theme}>
      <NoticesProvider>
        <AddCardModal companyId={7} opened onClose={() => {}} stripeDomain="default" first />
      </NoticesProvider>
    </MantineProvider>,
  );

beforeEach(() => {
  stripe.loadStripe.mockImplementation(async () => ({
    elements: () => ({ create: stripe.create }),
    createToken: stripe.createToken,
  }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('AddCardModal', () => {
  it('mounts a Stripe card Element on the stripe provider and sends its token', async () => {
    queries.customer = { provider: 'stripe', publishable_key: 'pk_test_web' };
    stripe.createToken.mockResolvedValue({ token: { id: 'tok_from_stripe' } });
    show();
    await waitFor(() => expect(stripe.element.mount).toHaveBeenCalled());
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_web');
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Name on card/), { target: { value: 'Ada Lovelace' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Add card' }));
    await waitFor(() => expect(queries.mutate).toHaveBeenCalled());
    expect(stripe.createToken).toHaveBeenCalledWith(stripe.element, {
      name: 'Ada Lovelace',
      address_country: 'US',
    });
    expect(queries.mutate.mock.calls[0][0]).toMatchObject({
      stripe_token_id: 'tok_from_stripe',
      is_default: true,
    });
  });

  it("shows Stripe's validation message, or the general one", async () => {
    queries.customer = { provider: 'stripe', publishable_key: 'pk_test_web' };
    stripe.createToken.mockResolvedValueOnce({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });
    stripe.createToken.mockResolvedValueOnce({ error: { type: 'api_error', message: 'Internal' } });
    show();
    await waitFor(() => expect(stripe.element.mount).toHaveBeenCalled());
    fireEvent.change(screen.getByLabelText(/Name on card/), { target: { value: 'Ada' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Add card' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.');
    fireEvent.submit(screen.getByRole('form', { name: 'Add card' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(BILLING_MESSAGES.tokenisation));
    expect(queries.mutate).not.toHaveBeenCalled();
  });

  it('keeps the test tokeniser (and never loads Stripe.js) on the test provider', async () => {
    queries.customer = { provider: 'test', publishable_key: null };
    show();
    expect(await screen.findByLabelText(/Card number/)).toBeTruthy();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    expect(stripe.create).not.toHaveBeenCalled();
  });
});
