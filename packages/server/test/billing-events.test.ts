import { randomUUID } from 'node:crypto';
import { DEFAULT_STRIPE_DOMAIN, TEST_DECLINE_MESSAGE } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayments } from '../src/adapters/payments/index.ts';
import type { PaymentProvider } from '../src/adapters/payments/provider.ts';
import { signTestWebhook } from '../src/adapters/payments/test-provider.ts';
import {
  accountCredits,
  billingEvents,
  charges,
  invoiceLines,
  invoices,
  jobs,
  paymentMethods,
  subscriptions,
} from '../src/db/schema/index.ts';
import { providerChargeKey } from '../src/modules/billing/charge-key.ts';
import { settleCharge } from '../src/modules/billing-events/converge.ts';
import { BILLING_EVENT_JOB } from '../src/modules/billing-events/process-event.ts';
import { NEVER_REACHED, reconcilePendingCharges } from '../src/modules/billing-events/reconcile-charges.ts';
import { accountCaller, createUser, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addCardCall, saveDefaultCard, signedInWithCard, testCardToken } from './support/billing.ts';
import {
  STAND_IN_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from './support/stripe-stand-in.ts';

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

/** A workspace with a customer at `provider` and a card (rows as the billing module writes them). */
async function workspace(t: TestApp, provider: PaymentProvider, card: string) {
  const { account } = await createUser(t);
  if (!account) throw new Error('no workspace');
  const customer = await provider.createCustomer({ accountId: account.id, name: 'Acme', email: null });
  const method = await provider.attachCard({ customerId: customer.id, token: card });
  const row = await saveDefaultCard(t, account.id, {
    provider: provider.name,
    stripeDomain: DEFAULT_STRIPE_DOMAIN,
    customerId: customer.id,
    methodId: method.id,
    last4: method.last4,
  });
  return { accountId: account.id, customerId: customer.id, methodId: method.id, methodRow: row.id };
}

/**
 * A pending charge row, written before the provider is called under its attempt's key (what the charges
 * module does).
 */
async function pendingCharge(t: TestApp, accountId: number, provider: string, amountCents = 2500) {
  const [row] = await t.ctx.db
    .insert(charges)
    .values({
      accountId,
      idempotencyKey: `fee:${accountId}:${randomUUID()}:filing`,
      purpose: 'fee',
      label: 'Filing fee',
      amountCents,
      status: 'pending',
      provider,
    })
    .returning();
  if (!row) throw new Error('no charge');
  return row;
}

const chargeRow = async (t: TestApp, id: number) =>
  (await t.ctx.db.select().from(charges).where(eq(charges.id, id)))[0];

/** The provider call that pays a pending charge `row` with workspace `w`'s card, under its attempt's key. */
const chargeInput = (w: { customerId: string; methodId: string }, row: typeof charges.$inferSelect) => ({
  customerId: w.customerId,
  methodId: w.methodId,
  amountCents: row.amountCents,
  currency: 'usd',
  description: row.label,
  idempotencyKey: providerChargeKey(row),
  metadata: {},
});

/**
 * What one subscribe left in the workspace: its charge (by key), the subscriptions and the invoices (with
 * their lines). A completed subscribe is ONE active subscription, a succeeded charge and ONE paid invoice.
 */
async function subscribeRows(t: TestApp, accountId: number, plan = 'starter_annual') {
  const key = `subscription:${accountId}:${plan}:1`;
  const [charge] = await t.ctx.db.select().from(charges).where(eq(charges.idempotencyKey, key));
  const subs = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
  const bills = await t.ctx.db.select().from(invoices).where(eq(invoices.accountId, accountId));
  const lines = bills.length
    ? await t.ctx.db
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, bills[0]?.id ?? 0))
    : [];
  return { key, charge, subs, bills, lines };
}

async function expectCompletedOnce(t: TestApp, accountId: number) {
  const { key, charge, subs, bills, lines } = await subscribeRows(t, accountId);
  expect(charge).toMatchObject({ status: 'succeeded', failureMessage: null });
  expect(subs).toHaveLength(1);
  expect(subs[0]).toMatchObject({ planSlug: 'starter_annual', status: 'active', idempotencyKey: key });
  expect(subs[0]?.currentPeriodEnd).toBeInstanceOf(Date);
  expect(bills).toHaveLength(1);
  expect(bills[0]).toMatchObject({ status: 'paid', totalCents: 49_900 });
  expect(charge?.invoiceId).toBe(bills[0]?.id);
  expect(lines).toEqual([expect.objectContaining({ chargeId: charge?.id, amountCents: 49_900 })]);
}

/**
 * Posts `webhook` twice with `send`: the first is received and stored, the replay is a duplicate; one row is
 * stored and one job queued for it. Returns the stored row.
 */
async function storedOnce<W extends { payload: string }>(
  t: TestApp,
  send: (webhook: W) => Promise<{ statusCode: number; json: () => unknown }>,
  webhook: W,
) {
  const first = await send(webhook);
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ received: true, duplicate: false });
  expect((await send(webhook)).json()).toEqual({ received: true, duplicate: true });
  const eventId = (JSON.parse(webhook.payload) as { id: string }).id;
  const stored = await t.ctx.db.select().from(billingEvents).where(eq(billingEvents.eventId, eventId));
  expect(stored).toHaveLength(1);
  const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, BILLING_EVENT_JOB));
  expect(queued.filter((j) => Number(j.payload.eventId) === stored[0]?.id)).toHaveLength(1);
  if (!stored[0]) throw new Error('not stored');
  return stored[0];
}

async function expectProcessed(t: TestApp, eventId: string) {
  const [processed] = await t.ctx.db.select().from(billingEvents).where(eq(billingEvents.eventId, eventId));
  expect(processed?.processedAt).toBeInstanceOf(Date);
}

/** GET /api/account/billing/customer by the admin of a new workspace in `app`. */
async function newCustomer(app: TestApp) {
  const me = await signedIn(app);
  return app.app.inject({
    method: 'GET',
    url: '/api/account/billing/customer',
    headers: { authorization: me.accountBearer },
  });
}

/** The plans screen's subscribe call, by a workspace admin with a default card. */
const subscribeCall = (t: TestApp, who: SignedIn) =>
  accountCaller(() => t)(who, 'POST', '/api/account/admin/bundle/starter_annual', {});

describe('billing webhooks and reconciling, on the stripe provider (stand-in)', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let stripe: PaymentProvider;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({
      stripeSecretKey: STAND_IN_KEY,
      stripe: {
        publishableKey: 'pk_test_stand_in',
        webhookSecret: STAND_IN_WEBHOOK_SECRET,
        apiBase: standIn.apiBase,
      },
    });
    stripe = t.ctx.payments.byName('stripe', DEFAULT_STRIPE_DOMAIN);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const post = (webhook: { payload: string; signature: string | undefined }, provider = 'stripe') =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/billing/webhook/${provider}`,
      headers: {
        'content-type': 'application/json',
        ...(webhook.signature ? { 'stripe-signature': webhook.signature } : {}),
      },
      payload: webhook.payload,
    });
  const storedEvents = async () => t.ctx.db.select().from(billingEvents);

  it('gives the web app the Stripe.js publishable key with the billing customer', async () => {
    const res = await newCustomer(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_stand_in' });
  });

  it('shows the "test mode" notice on Stripe under a test key, not under a live one', async () => {
    const customerOf = async (app: TestApp) => {
      const res = await newCustomer(app);
      expect(res.statusCode).toBe(200);
      return res.json() as { provider: string; test_mode: boolean };
    };
    // The stand-in's key is a test key (sk_test_…): charges are not real.
    expect(t.ctx.payments.testMode).toBe(true);
    expect(stripe.testMode).toBe(true);
    expect(await customerOf(t)).toMatchObject({ provider: 'stripe', test_mode: true });
    // A workspace that already has its Stripe customer says so too.
    const { who: me } = await signedInWithCard(t, 'tok_visa');
    const call = accountCaller(() => t);
    expect((await call(me, 'GET', '/api/account/billing/customer')).body).toMatchObject({ test_mode: true });

    const live = await createTestApp({
      stripeSecretKey: 'sk_live_not_a_real_key',
      stripe: {
        publishableKey: 'pk_live_x',
        webhookSecret: STAND_IN_WEBHOOK_SECRET,
        apiBase: standIn.apiBase,
      },
    });
    try {
      expect(live.ctx.payments.testMode).toBe(false);
      expect(live.ctx.payments.byName('stripe', DEFAULT_STRIPE_DOMAIN).testMode).toBe(false);
      expect(await customerOf(live)).toMatchObject({ provider: 'stripe', test_mode: false });
    } finally {
      await live.close();
    }
  });

  it('runs the billing screens’ calls on Stripe: card, declined card, bank by micro-deposits, subscribe', async () => {
    const me = await signedIn(t);
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: { authorization: me.accountBearer }, payload });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    };
    const card = await call('POST', '/api/account/admin/billing/method', { stripe_token_id: 'tok_visa' });
    expect(card.status).toBe(201);
    expect(card.body.method).toMatchObject({ brand: 'Visa', last4: '4242' });
    const declined = await call('POST', '/api/account/admin/billing/method', {
      stripe_token_id: 'tok_chargeDeclined',
    });
    expect(declined.status).toBe(402);
    expect(JSON.stringify(declined.body)).toContain(TEST_DECLINE_MESSAGE);

    const bank = await call('POST', '/api/account/ach', {
      account_holder_name: 'Ada Lovelace',
      routing_number: '110000000',
      account_number: '000123456789',
      bank_label: 'Operating',
      token: 'btok_us',
      stripe_domain: DEFAULT_STRIPE_DOMAIN,
    });
    expect(bank.status).toBeLessThan(300);
    const bankId = (bank.body.method as { id: number }).id;
    const verified = await call('PUT', `/api/account/ach/${bankId}`, { amounts: ['0.32', '0.45'] });
    expect(verified.status).toBe(200);
    expect(verified.body.method).toMatchObject({ status: 'verified' });

    const subscribed = await call('POST', '/api/account/admin/bundle/starter_annual', {});
    expect(subscribed.status).toBeLessThan(300);
    expect(subscribed.body.subscription).toMatchObject({ status: 'active' });
    // The subscription's payment was found by its key and its charge row settled.
    const [row] = await t.ctx.db
      .select()
      .from(charges)
      .where(eq(charges.idempotencyKey, `subscription:${me.account?.id}:starter_annual:1`));
    expect(row).toMatchObject({ status: 'succeeded', provider: 'stripe' });
    expect(row?.providerChargeId).toMatch(/^sub_/);
    expect(standIn.problems).toEqual([]);
  });

  it('refuses a webhook whose signature does not verify and stores nothing', async () => {
    const before = (await storedEvents()).length;
    const good = standIn.webhook('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' });
    const tampered = await post({ payload: good.payload.replace('pi_x', 'pi_y'), signature: good.signature });
    expect(tampered.statusCode).toBe(400);
    expect((await post({ payload: good.payload, signature: undefined })).statusCode).toBe(400);
    const forged = standIn.webhook('payment_intent.succeeded', { id: 'pi_x' }, { secret: 'whsec_forged' });
    expect((await post(forged)).statusCode).toBe(400);
    // Only the provider this installation runs has a webhook.
    expect((await post(good, 'test')).statusCode).toBe(404);
    expect((await post(good, 'paypal')).statusCode).toBe(400);
    expect((await storedEvents()).length).toBe(before);
    expect(standIn.problems).toEqual([]);
  });

  it('stores a webhook first and processes a replayed one once', async () => {
    const w = await workspace(t, stripe, 'tok_visa');
    const row = await pendingCharge(t, w.accountId, 'stripe');
    // The provider charged, but our write of its answer never happened.
    const paid = await stripe.charge(chargeInput(w, row));
    expect(paid.status).toBe('succeeded');
    const intent = standIn.objects.get(paid.id);
    const webhook = standIn.webhook('payment_intent.succeeded', intent ?? {}, {
      eventId: `evt_${randomUUID()}`,
    });

    const stored = await storedOnce(t, post, webhook);
    expect(stored.processedAt).toBeNull();

    await t.ctx.jobs.drain();
    const settled = await chargeRow(t, row.id);
    expect(settled).toMatchObject({ status: 'succeeded', providerChargeId: paid.id, failureMessage: null });
    await expectProcessed(t, stored.eventId);
    // One PaymentIntent for the key, however many events.
    const intents = [...standIn.objects.values()].filter(
      (o) => (o.metadata as Record<string, string> | undefined)?.idempotency_key === providerChargeKey(row),
    );
    expect(intents).toHaveLength(1);
  });

  it('converges a subscription to Stripe’s current state whatever order its events come in', async () => {
    const w = await workspace(t, stripe, 'tok_visa');
    const key = `subscription:${w.accountId}:starter_annual:1`;
    const sub = await stripe.subscribe({
      customerId: w.customerId,
      methodId: w.methodId,
      planSlug: 'starter_annual',
      amountCents: 49_900,
      interval: 'year',
      idempotencyKey: key,
    });
    const [row] = await t.ctx.db
      .insert(subscriptions)
      .values({
        accountId: w.accountId,
        planSlug: 'starter_annual',
        status: 'active',
        provider: 'stripe',
        providerSubscriptionId: sub.id,
        amountCents: 49_900,
        interval: 'year',
        currentPeriodEnd: sub.currentPeriodEnd,
        idempotencyKey: key,
      })
      .returning();
    const subscription = async () =>
      (
        await t.ctx.db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, row?.id ?? 0))
      )[0];

    // It falls past due; the newer event ("active" again, stale by now) arrives before the older one.
    const stale = standIn.webhook('customer.subscription.updated', { id: sub.id, status: 'active' });
    standIn.update(sub.id, { status: 'past_due' });
    const failedInvoice = standIn.webhook('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      parent: { subscription_details: { subscription: sub.id } },
    });
    expect((await post(failedInvoice)).statusCode).toBe(200);
    expect((await post(stale)).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    const pastDue = await subscription();
    expect(pastDue?.status).toBe('past_due');
    expect(pastDue?.pastDueSince).toBeInstanceOf(Date);
    const since = pastDue?.pastDueSince?.getTime();

    // Another past_due event keeps when it fell due.
    await post(standIn.webhook('customer.subscription.updated', { id: sub.id, status: 'past_due' }));
    await t.ctx.jobs.drain();
    expect((await subscription())?.pastDueSince?.getTime()).toBe(since);

    // Paid again: even an old "past_due" event leaves it active, because the job asks Stripe.
    standIn.update(sub.id, { status: 'active' });
    await post(standIn.webhook('customer.subscription.updated', { id: sub.id, status: 'past_due' }));
    await t.ctx.jobs.drain();
    expect(await subscription()).toMatchObject({ status: 'active', pastDueSince: null });
  });

  it('gives a plan’s document credits back when its period moves on, once; the free plan’s never', async () => {
    const me = await signedIn(t);
    const accountId = me.account?.id ?? 0;
    const call = accountCaller(() => t);
    const credits = async () => (await call(me, 'GET', '/api/account/billing/credits')).body;
    const use = (used: number) =>
      t.ctx.db.insert(accountCredits).values({ accountId, used }).onConflictDoUpdate({
        target: accountCredits.accountId,
        set: { used },
      });
    // A workspace on the free plan used its 3 credits: they do not come back by themselves.
    await use(3);
    expect(await credits()).toMatchObject({ limit: 3, used: 3, remaining: 0 });

    await addCardCall(t, me, 'tok_visa');
    expect((await subscribeCall(t, me)).status).toBe(201);
    expect(await credits()).toMatchObject({ limit: 28, used: 3, remaining: 25 });
    await use(28);
    const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
    const object = standIn.objects.get(sub?.providerSubscriptionId ?? '') as unknown as {
      id: string;
      items: { data: { current_period_end: number }[] };
    };
    // An event about the same period changes nothing.
    await post(standIn.webhook('customer.subscription.updated', object));
    await t.ctx.jobs.drain();
    expect(await credits()).toMatchObject({ used: 28, remaining: 0 });

    // Stripe renews it: the next period starts, the plan's 25 come back, the free plan's 3 do not.
    const item = object.items.data[0];
    if (item) item.current_period_end += 365 * 86_400;
    const renewed = standIn.webhook('invoice.paid', {
      id: 'in_renewal',
      object: 'invoice',
      parent: { subscription_details: { subscription: object.id } },
    });
    await post(renewed);
    await post(standIn.webhook('customer.subscription.updated', object));
    await t.ctx.jobs.drain();
    expect(await credits()).toMatchObject({ limit: 28, used: 3, remaining: 25 });
    const [after] = await t.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub?.id ?? 0));
    expect(after?.currentPeriodEnd?.getTime()).toBe((item?.current_period_end ?? 0) * 1000);

    // Used in the new period; more events about that same period do not renew it again.
    await use(10);
    await post(standIn.webhook('customer.subscription.updated', object));
    await t.ctx.jobs.drain();
    expect(await credits()).toMatchObject({ used: 10, remaining: 18 });
  });

  it('converges a bank account’s verification from its source events', async () => {
    const w = await workspace(t, stripe, 'tok_visa');
    const bank = await stripe.attachBank({ customerId: w.customerId, token: 'btok_us' });
    const [row] = await t.ctx.db
      .insert(paymentMethods)
      .values({
        accountId: w.accountId,
        provider: 'stripe',
        providerMethodId: bank.id,
        kind: 'bank',
        last4: bank.last4,
        status: 'new',
      })
      .returning();
    standIn.update(bank.id, { status: 'verification_failed' });
    await post(
      standIn.webhook('customer.source.updated', { id: bank.id, object: 'bank_account', status: 'new' }),
    );
    await t.ctx.jobs.drain();
    const [after] = await t.ctx.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, row?.id ?? 0));
    expect(after?.status).toBe('verification_failed');
  });

  it('reconciles a pending charge whose answer was lost, a declined one, and one Stripe never saw', async () => {
    const w = await workspace(t, stripe, 'tok_visa');
    const row = await pendingCharge(t, w.accountId, 'stripe');
    standIn.loseAnswerOf(/^POST \/v1\/payment_intents$/);
    const input = chargeInput(w, row);
    // The process "crashes": the provider charged, we never learnt it.
    await expect(stripe.charge(input)).rejects.toThrow();
    expect((await chargeRow(t, row.id))?.status).toBe('pending');

    const failing = await workspace(t, stripe, 'pm_card_chargeCustomerFail');
    const declinedRow = await pendingCharge(t, failing.accountId, 'stripe');
    standIn.loseAnswerOf(/^POST \/v1\/payment_intents$/);
    await expect(
      stripe.charge({
        ...input,
        customerId: failing.customerId,
        methodId: failing.methodId,
        idempotencyKey: providerChargeKey(declinedRow),
      }),
    ).rejects.toThrow();

    const neverSent = await pendingCharge(t, w.accountId, 'stripe');

    // Younger than a minute: left alone (its request may still be in flight).
    await reconcilePendingCharges(t.ctx);
    expect((await chargeRow(t, row.id))?.status).toBe('pending');

    await reconcilePendingCharges(t.ctx, later(2 * MINUTE));
    const settled = await chargeRow(t, row.id);
    expect(settled?.status).toBe('succeeded');
    expect(settled?.providerChargeId).toMatch(/^pi_/);
    expect(await chargeRow(t, declinedRow.id)).toMatchObject({
      status: 'failed',
      failureMessage: TEST_DECLINE_MESSAGE,
    });
    // Not found yet: Stripe's search may lag, so it stays pending until it is surely lost.
    expect((await chargeRow(t, neverSent.id))?.status).toBe('pending');
    await reconcilePendingCharges(t.ctx, later(11 * MINUTE));
    expect(await chargeRow(t, neverSent.id)).toMatchObject({
      status: 'failed',
      failureMessage: NEVER_REACHED,
    });

    // Retrying the finalize afterwards lands on the same PaymentIntent: still charged once.
    const again = await stripe.charge(input);
    expect(again.id).toBe(settled?.providerChargeId);
    expect(standIn.problems).toEqual([]);
  });

  it('completes a subscribe whose answer was lost: subscription row and paid invoice, once', async () => {
    const { who: me } = await signedInWithCard(t, 'tok_visa');
    const accountId = me.account?.id ?? 0;
    const call = accountCaller(() => t);
    // Stripe made the subscription and took the payment; the answer never reached us.
    standIn.loseAnswerOf(/^POST \/v1\/subscriptions$/);
    expect((await subscribeCall(t, me)).status).toBeGreaterThanOrEqual(500);
    const lost = await subscribeRows(t, accountId);
    expect(lost.charge?.status).toBe('pending');
    expect(lost.subs).toHaveLength(0);
    expect(lost.bills).toHaveLength(0);

    await reconcilePendingCharges(t.ctx, later(2 * MINUTE));
    await expectCompletedOnce(t, accountId);
    // Asked again with the same key: Stripe answered with the subscription it made, not a second one.
    const made = [...standIn.objects.values()].filter(
      (o) =>
        o.object === 'subscription' &&
        (o.metadata as Record<string, string>).idempotency_key === `${lost.key}:1`,
    );
    expect(made).toHaveLength(1);
    expect((await subscribeRows(t, accountId)).subs[0]?.providerSubscriptionId).toBe(made[0]?.id);

    // Reconciling again, or the webhooks about it arriving (twice), writes nothing more.
    await reconcilePendingCharges(t.ctx, later(5 * MINUTE));
    const created = standIn.webhook('customer.subscription.created', made[0] ?? {});
    await post(created);
    await post(created);
    await t.ctx.jobs.drain();
    await expectCompletedOnce(t, accountId);
    // The workspace has its plan.
    const customer = await call(me, 'GET', '/api/account/billing/customer');
    expect(customer.body.active_plan_slug).toBe('starter_annual');
    expect(standIn.problems).toEqual([]);
  });

  it('completes a lost subscribe from its webhook, and again a charge settled without its subscription', async () => {
    const { who: me } = await signedInWithCard(t, 'tok_visa');
    const accountId = me.account?.id ?? 0;
    standIn.loseAnswerOf(/^POST \/v1\/subscriptions$/);
    expect((await subscribeCall(t, me)).status).toBeGreaterThanOrEqual(500);
    const { key } = await subscribeRows(t, accountId);
    const made = [...standIn.objects.values()].find(
      (o) =>
        o.object === 'subscription' && (o.metadata as Record<string, string>).idempotency_key === `${key}:1`,
    );
    expect(made).toBeDefined();
    const webhook = standIn.webhook('customer.subscription.created', made ?? {});
    expect((await post(webhook)).statusCode).toBe(200);
    expect((await post(webhook)).json()).toMatchObject({ duplicate: true });
    await t.ctx.jobs.drain();
    await expectCompletedOnce(t, accountId);

    // A charge an older reconcile settled as succeeded with no subscription or invoice is completed too.
    const { who: other } = await signedInWithCard(t, 'tok_visa');
    const otherId = other.account?.id ?? 0;
    standIn.loseAnswerOf(/^POST \/v1\/subscriptions$/);
    await subscribeCall(t, other);
    const half = await subscribeRows(t, otherId);
    await t.ctx.db
      .update(charges)
      .set({ status: 'succeeded' })
      .where(eq(charges.id, half.charge?.id ?? 0));
    await reconcilePendingCharges(t.ctx, later(2 * MINUTE));
    await expectCompletedOnce(t, otherId);
    expect(standIn.problems).toEqual([]);
  });
});

const TEST_SECRET = 'whsec_test_provider_secret';

describe('billing webhooks and reconciling, on the test provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ testWebhookSecret: TEST_SECRET });
  });
  afterAll(() => t?.close());

  /** A test-provider event like Stripe's, signed with the installation's TEST_WEBHOOK_SECRET. */
  const testEvent = (
    type: string,
    object: Record<string, unknown>,
    options: { eventId?: string; secret?: string; at?: number } = {},
  ) => {
    const payload = JSON.stringify({ id: options.eventId ?? `evt_${randomUUID()}`, type, data: { object } });
    return { payload, signature: signTestWebhook(options.secret ?? TEST_SECRET, payload, options.at) };
  };
  const postTest = (webhook: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/billing/webhook/test',
      headers: { 'content-type': 'application/json', 'webhook-signature': webhook.signature },
      payload: webhook.payload,
    });
  /**
   * A workspace with a card subscribes; the test provider subscribes, then the process "dies" before
   * writing anything (the call fails). Returns what the provider made.
   */
  const lostSubscribe = async () => {
    const { who: me } = await signedInWithCard(t);
    const test = t.ctx.payments.byName('test', DEFAULT_STRIPE_DOMAIN);
    const real = test.subscribe;
    let made: Awaited<ReturnType<typeof real>> | undefined;
    test.subscribe = async (input) => {
      test.subscribe = real;
      made = await real(input);
      throw new Error('connection lost');
    };
    expect((await subscribeCall(t, me)).status).toBeGreaterThanOrEqual(500);
    return { me, accountId: me.account?.id ?? 0, made };
  };

  it('refuses test webhooks that are not signed with the test secret, storing nothing', async () => {
    const good = testEvent('payment_intent.succeeded', { id: 'ch_test_x' });
    const refused = [
      { payload: good.payload.replace('ch_test_x', 'ch_test_y'), signature: good.signature },
      testEvent('payment_intent.succeeded', { id: 'x' }, { secret: 'whsec_forged' }),
      // Older than the tolerance: a captured webhook cannot be sent again later.
      testEvent('payment_intent.succeeded', { id: 'x' }, { at: Math.floor(Date.now() / 1000) - 3600 }),
      { payload: good.payload, signature: 't=1,v1=00' },
    ];
    const before = (await t.ctx.db.select().from(billingEvents)).length;
    for (const w of refused) expect((await postTest(w)).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(billingEvents)).toHaveLength(before);
    // Without TEST_WEBHOOK_SECRET the test provider takes no webhook at all.
    const unset = createPayments({ stripeSecretKey: null }).byName('test', DEFAULT_STRIPE_DOMAIN);
    expect(() =>
      unset.readWebhook({ rawBody: Buffer.from(good.payload), signature: good.signature }),
    ).toThrow();
  });

  it('stores a signed test webhook once and processes a replayed one once', async () => {
    const test = t.ctx.payments.byName('test', DEFAULT_STRIPE_DOMAIN);
    const w = await workspace(t, test, testCardToken());
    const row = await pendingCharge(t, w.accountId, 'test');
    const paid = await test.charge(chargeInput(w, row));
    const webhook = testEvent('payment_intent.succeeded', {
      id: paid.id,
      metadata: { idempotency_key: providerChargeKey(row) },
    });
    const stored = await storedOnce(t, postTest, webhook);
    expect(stored.provider).toBe('test');
    await t.ctx.jobs.drain();
    expect(await chargeRow(t, row.id)).toMatchObject({ status: 'succeeded', providerChargeId: paid.id });
    await expectProcessed(t, stored.eventId);
  });

  it('completes a lost subscribe from a signed test webhook, once however often it comes', async () => {
    const { accountId, made } = await lostSubscribe();
    const { key } = await subscribeRows(t, accountId);
    const object = { id: made?.id, status: 'active', metadata: { idempotency_key: `${key}:1` } };
    const created = testEvent('customer.subscription.created', object);
    await postTest(created);
    await postTest(created);
    await postTest(testEvent('customer.subscription.updated', object));
    await t.ctx.jobs.drain();
    await expectCompletedOnce(t, accountId);
  });

  it('sends no publishable key on the test provider', async () => {
    expect((await newCustomer(t)).json()).toMatchObject({
      provider: 'test',
      publishable_key: null,
      test_mode: true,
    });
  });

  it('has no stripe webhook and refuses unsigned test events without storing them', async () => {
    const before = (await t.ctx.db.select().from(billingEvents)).length;
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'x' } },
    });
    const send = (provider: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/billing/webhook/${provider}`,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: body,
      });
    expect((await send('stripe')).statusCode).toBe(404);
    expect((await send('test')).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(billingEvents)).toHaveLength(before);
  });

  it('does not write an earlier attempt’s answer over a charge retried meanwhile', async () => {
    const { account } = await createUser(t);
    const stale = await pendingCharge(t, account!.id, 'test');
    // The webhook job read the row (attempt 1), then the finalize retried it and paid attempt 2.
    await t.ctx.db
      .update(charges)
      .set({ attempt: 2, status: 'succeeded', providerChargeId: 'ch_attempt_2' })
      .where(eq(charges.id, stale.id));
    const wrote = await settleCharge(t.ctx, stale, {
      id: 'ch_attempt_1',
      status: 'failed',
      amountCents: stale.amountCents,
      failureMessage: 'Card Declined',
    });
    expect(wrote).toBe(false);
    expect(await chargeRow(t, stale.id)).toMatchObject({
      attempt: 2,
      status: 'succeeded',
      providerChargeId: 'ch_attempt_2',
      failureMessage: null,
    });
  });

  it('reconciles a pending charge the test provider made', async () => {
    const test = t.ctx.payments.byName('test', DEFAULT_STRIPE_DOMAIN);
    const w = await workspace(t, test, testCardToken());
    const row = await pendingCharge(t, w.accountId, 'test');
    const paid = await test.charge(chargeInput(w, row));
    await reconcilePendingCharges(t.ctx, later(2 * MINUTE));
    expect(await chargeRow(t, row.id)).toMatchObject({ status: 'succeeded', providerChargeId: paid.id });
  });

  it('completes a subscribe the test provider answered but the process never wrote', async () => {
    const { me, accountId, made } = await lostSubscribe();
    expect((await subscribeRows(t, accountId)).subs).toHaveLength(0);

    await reconcilePendingCharges(t.ctx, later(2 * MINUTE));
    await expectCompletedOnce(t, accountId);
    expect((await subscribeRows(t, accountId)).subs[0]?.providerSubscriptionId).toBe(made?.id);
    await reconcilePendingCharges(t.ctx, later(5 * MINUTE));
    await expectCompletedOnce(t, accountId);
    // The same plan is now refused as already subscribed, and the next subscribe is not blocked as pending.
    expect((await subscribeCall(t, me)).status).toBe(409);
  });
});
