import { BILLING_MESSAGES, readTestToken, TEST_BANKS, TEST_CARDS } from '@charter/domain';
import { describe, expect, it, vi } from 'vitest';
import { type StripeLike, type StripeLoader, stripeErrorMessage, tokenizerFor } from './tokenizer.ts';

type Answer = { token?: { id: string }; error?: { type: string; message?: string } };

/** A fake Stripe.js: records what was asked, answers what the test says. */
function fakeStripe(answer: Answer | (() => Promise<Answer>)) {
  const element = { mount: vi.fn(), destroy: vi.fn() };
  const create = vi.fn(() => element);
  const createToken = vi.fn(typeof answer === 'function' ? answer : async () => answer);
  const stripe = { elements: vi.fn(() => ({ create })), createToken } as unknown as StripeLike;
  return { stripe, element, create, createToken };
}

const stripeCustomer = { provider: 'stripe' as const, publishable_key: 'pk_test_123' };
const bank = {
  accountHolderName: ' Ada Lovelace ',
  accountHolderType: 'company' as const,
  country: 'US',
  currency: 'usd',
  routingNumber: TEST_BANKS.succeed.routing,
  accountNumber: TEST_BANKS.succeed.account,
  bankLabel: 'Operating',
};

describe('tokenizerFor', () => {
  it('uses the test tokeniser for the test provider and never loads Stripe.js', async () => {
    const load = vi.fn<StripeLoader>();
    const tokenizer = await tokenizerFor({ provider: 'test', publishable_key: null }, load);
    expect(tokenizer.kind).toBe('test');
    expect(load).not.toHaveBeenCalled();
    const card = await tokenizer.tokenizeCard({
      name: 'Ada',
      country: 'GB',
      number: TEST_CARDS.visa.number,
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
    });
    expect(readTestToken(card.token ?? '')).toMatchObject({ kind: 'card', card: 'visa', country: 'GB' });
    const refused = await tokenizer.tokenizeCard({
      name: 'Ada',
      country: 'GB',
      number: '4111111111111112',
      expMonth: 12,
      expYear: 2099,
    });
    expect(refused.token).toBeUndefined();
    expect(refused.error).toBeTruthy();
    const bankToken = await tokenizer.tokenizeBank(bank);
    expect(readTestToken(bankToken.token ?? '')).toMatchObject({ kind: 'bank', bank: 'succeed' });
  });

  it('loads Stripe.js with the customer publishable key for the stripe provider', async () => {
    const fake = fakeStripe({ token: { id: 'tok_1' } });
    const load = vi.fn<StripeLoader>(async () => fake.stripe);
    const tokenizer = await tokenizerFor(stripeCustomer, load);
    expect(tokenizer.kind).toBe('stripe');
    expect(load).toHaveBeenCalledWith('pk_test_123');
  });

  it('fails when Stripe.js cannot load or has no key', async () => {
    await expect(tokenizerFor(stripeCustomer, async () => null)).rejects.toThrow();
    const load = vi.fn<StripeLoader>();
    await expect(tokenizerFor({ provider: 'stripe', publishable_key: null }, load)).rejects.toThrow();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('stripe tokeniser', () => {
  it('tokenises the mounted card Element with our holder name and country as billing details', async () => {
    const fake = fakeStripe({ token: { id: 'tok_card' } });
    const tokenizer = await tokenizerFor(stripeCustomer, async () => fake.stripe);
    const node = document.createElement('div');
    const unmount = tokenizer.mountCard(node);
    expect(fake.create).toHaveBeenCalledWith('card', expect.anything());
    expect(fake.element.mount).toHaveBeenCalledWith(node);
    const result = await tokenizer.tokenizeCard({ name: ' Ada ', country: 'GB', number: 'ignored' });
    expect(result).toEqual({ token: 'tok_card' });
    expect(fake.createToken).toHaveBeenCalledWith(fake.element, { name: 'Ada', address_country: 'GB' });
    unmount();
    expect(fake.element.destroy).toHaveBeenCalled();
    // Once unmounted there is no card to tokenise.
    expect(await tokenizer.tokenizeCard({ name: 'Ada', country: 'GB' })).toEqual({
      error: BILLING_MESSAGES.tokenisation,
    });
  });

  it('asks for the name and country before calling Stripe', async () => {
    const fake = fakeStripe({ token: { id: 'tok_card' } });
    const tokenizer = await tokenizerFor(stripeCustomer, async () => fake.stripe);
    tokenizer.mountCard(document.createElement('div'));
    expect(await tokenizer.tokenizeCard({ name: ' ', country: 'GB' })).toEqual({
      error: BILLING_MESSAGES.cardNameRequired,
    });
    expect(await tokenizer.tokenizeCard({ name: 'Ada', country: '' })).toEqual({
      error: BILLING_MESSAGES.cardCountryRequired,
    });
    expect(fake.createToken).not.toHaveBeenCalled();
  });

  it("tokenises a bank account with Stripe's bank_account fields", async () => {
    const fake = fakeStripe({ token: { id: 'btok_1' } });
    const tokenizer = await tokenizerFor(stripeCustomer, async () => fake.stripe);
    const result = await tokenizer.tokenizeBank({ ...bank, accountNumber: '000 123-456789' });
    expect(result).toEqual({ token: 'btok_1' });
    expect(fake.createToken).toHaveBeenCalledWith('bank_account', {
      country: 'US',
      currency: 'usd',
      routing_number: TEST_BANKS.succeed.routing,
      account_number: '000123456789',
      account_holder_name: 'Ada Lovelace',
      account_holder_type: 'company',
    });
  });

  it.each([
    ['validation_error', 'Your card number is incomplete.', 'Your card number is incomplete.'],
    ['invalid_request_error', 'Invalid routing number.', 'Invalid routing number.'],
    ['card_error', 'Your card was declined.', BILLING_MESSAGES.tokenisation],
    ['api_connection_error', 'Network down', BILLING_MESSAGES.tokenisation],
    ['validation_error', '', BILLING_MESSAGES.tokenisation],
  ])('shows a %s as the form message', async (type, message, shown) => {
    const fake = fakeStripe({ error: { type, message } });
    const tokenizer = await tokenizerFor(stripeCustomer, async () => fake.stripe);
    expect(await tokenizer.tokenizeBank(bank)).toEqual({ error: shown });
    tokenizer.mountCard(document.createElement('div'));
    expect(await tokenizer.tokenizeCard({ name: 'Ada', country: 'US' })).toEqual({ error: shown });
  });

  it('shows the general message when Stripe.js throws', async () => {
    const fake = fakeStripe(() => Promise.reject(new Error('boom')));
    const tokenizer = await tokenizerFor(stripeCustomer, async () => fake.stripe);
    expect(await tokenizer.tokenizeBank(bank)).toEqual({ error: BILLING_MESSAGES.tokenisation });
  });
});

describe('stripeErrorMessage', () => {
  it('maps provider errors', () => {
    expect(stripeErrorMessage({ type: 'validation_error', message: 'Bad expiry.' })).toBe('Bad expiry.');
    expect(stripeErrorMessage({ type: 'rate_limit_error', message: 'Slow down' })).toBe(
      BILLING_MESSAGES.tokenisation,
    );
    expect(stripeErrorMessage(null)).toBe(BILLING_MESSAGES.tokenisation);
  });
});
