import { BILLING_MESSAGES, TEST_AUTHENTICATION_MESSAGE, TEST_DECLINE_MESSAGE } from '@charter/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentError, type PaymentProvider } from '../src/adapters/payments/provider.ts';
import { createStripeProvider } from '../src/adapters/payments/stripe-provider.ts';
import {
  MICRO_DEPOSITS,
  STAND_IN_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from './support/stripe-stand-in.ts';

let standIn: StripeStandIn;
let stripe: PaymentProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = createStripeProvider({
    secretKey: STAND_IN_KEY,
    webhookSecret: STAND_IN_WEBHOOK_SECRET,
    apiBase: standIn.apiBase,
  });
});
afterAll(() => standIn.close());
// Every request the adapter made had the shape the stand-in checks (form body, our idempotency keys).
afterEach(() => expect(standIn.problems).toEqual([]));

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentError);
  return error as PaymentError;
};

async function customer() {
  return (await stripe.createCustomer({ accountId: 7, name: 'Acme LLC', email: 'billing@acme.test' })).id;
}

describe('stripe provider against the stand-in', () => {
  it('is in test mode with a test key and sends the bearer key', async () => {
    expect(stripe.name).toBe('stripe');
    expect(stripe.testMode).toBe(true);
    const id = await customer();
    expect(id).toMatch(/^cus_/);
    const wrong = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: null,
      apiBase: standIn.apiBase,
    });
    await expect(wrong.createCustomer({ accountId: 1, name: 'x', email: null })).rejects.toThrow();
  });

  it('adds a card from a token or a PaymentMethod id through a SetupIntent', async () => {
    const cus = await customer();
    const card = await stripe.attachCard({ customerId: cus, token: 'tok_visa' });
    expect(card).toMatchObject({
      kind: 'card',
      brand: 'Visa',
      last4: '4242',
      status: 'verified',
      funding: 'credit',
    });
    expect(card.id).toMatch(/^pm_/);
    const setup = standIn.requests.find(
      (r) => r.path === '/v1/setup_intents' && r.params.payment_method === card.id,
    );
    expect(setup?.params).toMatchObject({ customer: cus, confirm: 'true', usage: 'off_session' });
    const byId = await stripe.attachCard({ customerId: cus, token: 'pm_card_visa' });
    expect(byId.id).toBe('pm_card_visa');
  });

  it('refuses a declined card and one that needs authentication, with the user-facing messages', async () => {
    const cus = await customer();
    const declined = await refusal(stripe.attachCard({ customerId: cus, token: 'tok_chargeDeclined' }));
    expect(declined.message).toBe(TEST_DECLINE_MESSAGE);
    expect(declined.code).toBe('card_declined');
    const auth = await refusal(
      stripe.attachCard({ customerId: cus, token: 'pm_card_authenticationRequired' }),
    );
    expect(auth.message).toBe(TEST_AUTHENTICATION_MESSAGE);
    const bad = await refusal(stripe.attachCard({ customerId: cus, token: 'tok_nonsense' }));
    expect(bad.message).toContain('No such token');
  });

  it('charges once per idempotency key and finds the charge by that key', async () => {
    const cus = await customer();
    const card = await stripe.attachCard({ customerId: cus, token: 'tok_visa' });
    const input = {
      customerId: cus,
      methodId: card.id,
      amountCents: 4900,
      currency: 'usd',
      description: 'Delaware annual fee',
      idempotencyKey: `fee:7:${Date.now()}:delaware`,
      metadata: { account_id: '7' },
    };
    const first = await stripe.charge(input);
    expect(first).toMatchObject({ status: 'succeeded', amountCents: 4900, failureMessage: null });
    const again = await stripe.charge(input);
    expect(again.id).toBe(first.id);
    const intents = [...standIn.objects.values()].filter(
      (o) =>
        o.object === 'payment_intent' &&
        (o.metadata as Record<string, string>).idempotency_key === input.idempotencyKey,
    );
    expect(intents).toHaveLength(1);
    const sent = standIn.requests
      .filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST')
      .at(-1);
    expect(sent?.idempotencyKey).toBe(input.idempotencyKey);
    expect(sent?.params).toMatchObject({
      amount: '4900',
      currency: 'usd',
      customer: cus,
      off_session: 'true',
    });
    expect(await stripe.findCharge({ idempotencyKey: input.idempotencyKey })).toEqual(first);
    expect(await stripe.findCharge({ idempotencyKey: "never-sent-'quoted'" })).toBeNull();
    expect(await stripe.getCharge?.({ id: first.id })).toEqual(first);
  });

  it('survives a lost answer: the SDK retry carries our key, so the charge is made once', async () => {
    const cus = await customer();
    const card = await stripe.attachCard({ customerId: cus, token: 'tok_visa' });
    const idempotencyKey = `fee:7:${Date.now()}:lost`;
    standIn.loseAnswerOf(/^POST \/v1\/payment_intents$/, 1);
    const charged = await stripe.charge({
      customerId: cus,
      methodId: card.id,
      amountCents: 700,
      currency: 'usd',
      description: 'x',
      idempotencyKey,
      metadata: {},
    });
    expect(charged.status).toBe('succeeded');
    const sent = standIn.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(sent.filter((r) => r.idempotencyKey === idempotencyKey)).toHaveLength(2);
    const intents = [...standIn.objects.values()].filter(
      (o) => (o.metadata as Record<string, string> | undefined)?.idempotency_key === idempotencyKey,
    );
    expect(intents).toHaveLength(1);
  });

  it('answers a decline and an authentication at charge time as the charge status, not an exception', async () => {
    const cus = await customer();
    const failLater = await stripe.attachCard({ customerId: cus, token: 'pm_card_chargeCustomerFail' });
    const key = `fee:7:${Date.now()}:decline`;
    const declined = await stripe.charge({
      customerId: cus,
      methodId: failLater.id,
      amountCents: 1000,
      currency: 'usd',
      description: 'x',
      idempotencyKey: key,
      metadata: {},
    });
    expect(declined).toMatchObject({ status: 'failed', failureMessage: TEST_DECLINE_MESSAGE });
    expect(declined.id).toMatch(/^pi_/);
    expect(await stripe.findCharge({ idempotencyKey: key })).toMatchObject({
      id: declined.id,
      status: 'failed',
    });
  });

  it('adds a bank account by token and verifies it with the micro-deposits; wrong amounts fail it', async () => {
    const cus = await customer();
    const bank = await stripe.attachBank({ customerId: cus, token: 'btok_us' });
    expect(bank).toMatchObject({ kind: 'bank', status: 'new', last4: '6789', brand: 'STRIPE TEST BANK' });
    const verified = await stripe.verifyBank({
      customerId: cus,
      methodId: bank.id,
      amountsCents: MICRO_DEPOSITS,
    });
    expect(verified.status).toBe('verified');
    expect(await stripe.getMethod?.({ customerId: cus, methodId: bank.id })).toMatchObject({
      status: 'verified',
    });

    const other = await stripe.attachBank({ customerId: cus, token: 'btok_us' });
    for (let i = 0; i < 2; i++) {
      const wrong = await refusal(
        stripe.verifyBank({ customerId: cus, methodId: other.id, amountsCents: [1, 2] }),
      );
      expect(wrong.message).toBe(BILLING_MESSAGES.wrongAmounts);
    }
    const failed = await stripe.verifyBank({ customerId: cus, methodId: other.id, amountsCents: [1, 2] });
    expect(failed.status).toBe('verification_failed');
    await stripe.setDefaultMethod({ customerId: cus, methodId: bank.id });
    expect(standIn.objects.get(cus)?.default_source).toBe(bank.id);
    await stripe.detachMethod({ customerId: cus, methodId: other.id });
    expect(standIn.objects.has(other.id)).toBe(false);
  });

  it('links a bank through Financial Connections, sets defaults and detaches PaymentMethods', async () => {
    const cus = await customer();
    const { linkToken } = await stripe.createBankLinkToken({ customerId: cus });
    expect(linkToken).toContain('_secret_');
    const linked = await stripe.exchangeBankLink({
      customerId: cus,
      publicToken: linkToken,
      accountId: 'fca_123',
    });
    expect(linked).toMatchObject({ kind: 'bank', status: 'verified', last4: '6789' });
    await stripe.setDefaultMethod({ customerId: cus, methodId: linked.id });
    expect(standIn.objects.get(cus)?.invoice_settings).toEqual({ default_payment_method: linked.id });
    await stripe.detachMethod({ customerId: cus, methodId: linked.id });
    expect(standIn.objects.get(linked.id)?.customer).toBeNull();
  });

  it('subscribes by the plan slug as the price lookup key, once per idempotency key', async () => {
    const cus = await customer();
    const card = await stripe.attachCard({ customerId: cus, token: 'tok_visa' });
    const input = {
      customerId: cus,
      methodId: card.id,
      planSlug: 'starter_annual',
      amountCents: 49_900,
      interval: 'year' as const,
      idempotencyKey: `subscription:7:starter_annual:${Date.now()}`,
    };
    const sub = await stripe.subscribe(input);
    expect(sub.status).toBe('active');
    expect(sub.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect((await stripe.subscribe(input)).id).toBe(sub.id);
    // A second subscriber reuses the price found by its lookup key.
    await stripe.subscribe({ ...input, idempotencyKey: `${input.idempotencyKey}:b` });
    const prices = [...standIn.objects.values()].filter((o) => o.object === 'price');
    expect(prices).toHaveLength(1);
    expect(prices[0]).toMatchObject({ lookup_key: 'starter_annual', unit_amount: 49_900 });

    // The reconcile job finds a subscription's payment by the key too (it is on the subscription).
    expect(await stripe.findCharge({ idempotencyKey: input.idempotencyKey })).toMatchObject({
      id: sub.id,
      status: 'succeeded',
      amountCents: 49_900,
    });
    standIn.update(sub.id, { status: 'past_due' });
    expect(await stripe.getSubscription({ id: sub.id })).toMatchObject({ id: sub.id, status: 'past_due' });

    const failing = await stripe.attachCard({ customerId: cus, token: 'pm_card_chargeCustomerFail' });
    const declined = await refusal(
      stripe.subscribe({ ...input, methodId: failing.id, idempotencyKey: `${input.idempotencyKey}:c` }),
    );
    expect(declined.message).toBe(TEST_DECLINE_MESSAGE);
  });

  it('reads a webhook only with a good signature', () => {
    const { payload, signature } = standIn.webhook('payment_intent.succeeded', {
      id: 'pi_1',
      object: 'payment_intent',
    });
    const event = stripe.readWebhook({ rawBody: Buffer.from(payload), signature });
    expect(event).toMatchObject({ type: 'payment_intent.succeeded', objectId: 'pi_1' });
    expect(event.id).toMatch(/^evt_/);
    expect(() => stripe.readWebhook({ rawBody: Buffer.from(`${payload} `), signature })).toThrow(
      PaymentError,
    );
    expect(() => stripe.readWebhook({ rawBody: Buffer.from(payload), signature: undefined })).toThrow(
      PaymentError,
    );
    const forged = standIn.webhook('payment_intent.succeeded', { id: 'pi_1' }, { secret: 'whsec_other' });
    expect(() =>
      stripe.readWebhook({ rawBody: Buffer.from(forged.payload), signature: forged.signature }),
    ).toThrow(PaymentError);
  });
});
