import path from 'node:path';
import {
  BILLING_MESSAGES,
  CREDITS_MESSAGES,
  feeIdempotencyKey,
  PAYMENT_MESSAGES,
  SUBSCRIPTION_MESSAGES,
} from '@charter/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentError, type ProviderCharge } from '../src/adapters/payments/provider.ts';
import {
  accountCredits,
  accounts,
  brands,
  charges,
  partners,
  subscriptions,
} from '../src/db/schema/index.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { accountCaller, type Json, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { saveDefaultCard } from './support/billing.ts';
import { createPartner } from './support/partners.ts';

type ChargeInput = { idempotencyKey: string; amountCents: number; methodId: string };

/**
 * A provider that answers a repeated idempotency key with its first answer, a decline included (as Stripe
 * and the test provider do), declines or asks for authentication by the method's id, and takes a few
 * milliseconds so concurrent requests overlap.
 */
function recordingProvider() {
  const calls: ChargeInput[] = [];
  const settled = new Map<string, ProviderCharge>();
  const declined = new Set<string>();
  let next = 0;
  return {
    calls,
    settled,
    name: 'test' as const,
    testMode: true,
    async charge(input: ChargeInput): Promise<ProviderCharge> {
      calls.push(input);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const first = settled.get(input.idempotencyKey);
      if (first) return first;
      if (declined.has(input.idempotencyKey) || input.methodId.startsWith('pm_decline')) {
        declined.add(input.idempotencyKey);
        throw new PaymentError(PAYMENT_MESSAGES.cardDeclined, 'card_declined');
      }
      const status = input.methodId.startsWith('pm_authenticate') ? 'requires_action' : 'succeeded';
      const result: ProviderCharge = {
        id: `ch_${++next}`,
        status,
        amountCents: input.amountCents,
        failureMessage: null,
      };
      settled.set(input.idempotencyKey, result);
      return result;
    },
  };
}

describe('billing charges: credits, fees and add-ons at submission, subscription prerequisites', () => {
  let t: TestApp;
  let me: SignedIn;
  let other: SignedIn;
  let provider: ReturnType<typeof recordingProvider>;
  const call = accountCaller(() => t);

  /** A group of `templateId` answered and validated, ready to submit, with the add-ons `addons` chosen. */
  const readyGroup = async (who: SignedIn, templateId: string, state?: string, addons?: string[]) => {
    const project = await call(who, 'POST', `/api/account/project_template/${templateId}/create`, {});
    expect(project.status).toBe(201);
    const group = project.body.groupedTransactions[0] as Json;
    if (addons) {
      const chosen = await call(who, 'PUT', `/api/account/task/${group.tasks[0].id}`, { addons });
      expect(chosen.status).toBe(200);
    }
    const save = (id: string, value: string) =>
      call(who, 'POST', '/api/account/flat_feature', {
        transaction_id: group.id,
        feature_type_id: id,
        value,
      });
    expect((await save('title', 'Memo')).status).toBe(200);
    if (state) expect((await save('state', state)).status).toBe(200);
    const validated = await call(who, 'PUT', `/api/account/transaction/${group.id}`, {
      validated_questionnaire: 1,
    });
    expect(validated.status).toBe(200);
    return group.id as number;
  };
  const finalize = (who: SignedIn, id: number) =>
    call(who, 'POST', `/api/account/transaction/${id}/finalize`, { finalize_snapshot: {}, auto_send: 0 });

  /** A card on file as the workspace's default (what billing-core's methods routes write). */
  const defaultCard = (who: SignedIn, providerMethodId: string) => {
    const accountId = who.account!.id;
    return saveDefaultCard(t, accountId, {
      provider: 'test',
      stripeDomain: 'charter',
      customerId: `cus_${accountId}`,
      methodId: `${providerMethodId}_${accountId}_${Math.random().toString(36).slice(2)}`,
      last4: '4242',
      brand: 'Visa',
    });
  };
  const chargeRows = (accountId: number) =>
    t.ctx.db.select().from(charges).where(eq(charges.accountId, accountId)).orderBy(charges.id);

  beforeAll(async () => {
    t = await createTestApp();
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-billing'));
    provider = recordingProvider();
    // The finalize charges through ctx.payments: the recording provider stands in for the test one.
    Object.assign(t.ctx, {
      payments: { ...t.ctx.payments, forDomain: () => provider, byName: () => provider },
    });
    me = await signedIn(t);
    other = await signedIn(t);
  });
  afterAll(() => t.close());

  it('answers 401 without a workspace token, and 404 for another workspace’s group', async () => {
    expect((await call(null, 'GET', '/api/account/billing/credits')).status).toBe(401);
    expect((await call(null, 'GET', '/api/account/transaction/1/billing')).status).toBe(401);
    const id = await readyGroup(me, 'test-fees');
    expect((await call(other, 'GET', `/api/account/transaction/${id}/billing`)).status).toBe(404);
    expect((await finalize(other, id)).status).toBe(404);
    expect(provider.calls.filter((c) => c.idempotencyKey.includes(`:${me.account!.id}:`))).toHaveLength(0);
  });

  it('counts credits: the free plan’s, then refuses a submission with the spec’s message when none are left', async () => {
    const who = await signedIn(t);
    const credits = await call(who, 'GET', '/api/account/billing/credits');
    expect(credits.body).toEqual({ limit: 3, used: 0, remaining: 3, visible: true });
    for (let i = 0; i < 3; i++) {
      const id = await readyGroup(who, 'test-credits');
      expect((await finalize(who, id)).status).toBe(200);
    }
    expect((await call(who, 'GET', '/api/account/billing/credits')).body).toMatchObject({
      used: 3,
      remaining: 0,
    });
    const id = await readyGroup(who, 'test-credits');
    const refused = await finalize(who, id);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(CREDITS_MESSAGES.notEnough);
    expect((await call(who, 'GET', `/api/account/transaction/${id}`)).body.open).toBe(true);
    // A skipped task generates nothing and uses no credit.
    const task = (await call(who, 'GET', `/api/account/transaction/${id}`)).body.tasks[0] as Json;
    await call(who, 'PUT', `/api/account/task/${task.id}`, { action: 'skip' });
    await call(who, 'PUT', `/api/account/transaction/${id}`, { validated_questionnaire: 1 });
    expect((await finalize(who, id)).status).toBe(200);
    // Staff grant more (the stored limit adds to the plans’).
    await t.ctx.db
      .update(accountCredits)
      .set({ creditLimit: 2 })
      .where(eq(accountCredits.accountId, who.account!.id));
    expect((await call(who, 'GET', '/api/account/billing/credits')).body).toMatchObject({
      limit: 5,
      remaining: 2,
    });
  });

  it('shows fees priced from the state answer on the group and its task', async () => {
    const id = await readyGroup(me, 'test-fees', 'California', ['agent']);
    const view = await call(me, 'GET', `/api/account/transaction/${id}`);
    expect(view.status).toBe(200);
    expect(view.body.product.fees).toMatchObject([
      { key: 'state-filing', label: 'State Filing Fee', amount: 7500, dynamic_table: 'llc', status: 'due' },
      { key: 'annual', amount: 0, is_annual: true, status: 'none' },
    ]);
    expect(view.body.product.addon).toMatchObject([
      { label: 'State Filing Agent', amount: 24900, period: 'year', chosen: true, status: 'due' },
    ]);
    expect(view.body.product.fee_total).toBe(7500 + 24900);
    expect(view.body.credits_needed).toBe(1);
    expect(view.body.tasks[0].fees).toHaveLength(2);
    await call(me, 'POST', '/api/account/flat_feature', {
      transaction_id: id,
      feature_type_id: 'state',
      value: 'DE',
    });
    const billing = await call(me, 'GET', `/api/account/transaction/${id}/billing`);
    expect(billing.body.product.fees.map((f: Json) => f.amount)).toEqual([9000, 45000]);
    expect(billing.body).toMatchObject({ credits_needed: 1, subscription_ok: true, covered_by: null });
  });

  it('offers an add-on unchosen: priced and charged only once chosen, and the server keeps to the choice', async () => {
    const who = await signedIn(t);
    await defaultCard(who, 'pm_ok');
    const id = await readyGroup(who, 'test-fees', 'Texas');
    const view = await call(who, 'GET', `/api/account/transaction/${id}`);
    const taskId = view.body.tasks[0].id as number;
    expect(view.body.product.addon).toMatchObject([{ key: 'agent', chosen: false, status: 'none' }]);
    expect(view.body.product.fee_total).toBe(30000);
    // Chosen, then declined before paying: the total follows, and each change is on the task's timeline.
    const choose = (addons: string[]) => call(who, 'PUT', `/api/account/task/${taskId}`, { addons });
    expect((await choose(['agent'])).body).toEqual({ message: 'Add-ons updated.' });
    const billing = await call(who, 'GET', `/api/account/transaction/${id}/billing`);
    expect(billing.body.product.fee_total).toBe(30000 + 24900);
    expect(billing.body.product.addon[0]).toMatchObject({ chosen: true, status: 'due' });
    expect((await choose([])).status).toBe(200);
    const declined = await call(who, 'GET', `/api/account/transaction/${id}`);
    expect(declined.body.product.fee_total).toBe(30000);
    expect(declined.body.tasks[0].timeline.map((e: Json) => e.label)).toEqual(
      expect.arrayContaining(['Add-on chosen: State Filing Agent', 'Add-on declined: State Filing Agent']),
    );
    // Unknown add-ons and another workspace's task are refused; nothing changes.
    const unknown = await choose(['agent', 'gold-plating']);
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ addons: 'This add-on is not offered with this task.' });
    expect((await call(other, 'PUT', `/api/account/task/${taskId}`, { addons: ['agent'] })).status).toBe(404);
    // Submitted without it: the fees are charged, the add-on is not.
    expect((await finalize(who, id)).status).toBe(200);
    const rows = (await chargeRows(who.account!.id)).filter((r) => r.transactionId === id);
    expect(rows.map((r) => r.purpose).sort()).toEqual(['credits', 'fee']);
    expect(provider.calls.some((c) => c.idempotencyKey.startsWith(`addon:${who.account!.id}:`))).toBe(false);
    // Once submitted, the choice is closed.
    expect((await choose(['agent'])).status).toBe(409);
  });

  it('charges no state fee, add-on or credit for a task in Upload mode (the company filed it itself)', async () => {
    const who = await signedIn(t);
    const id = await readyGroup(who, 'test-fees', 'Texas', ['agent']);
    const taskId = (await call(who, 'GET', `/api/account/transaction/${id}`)).body.tasks[0].id as number;
    expect((await call(who, 'PUT', `/api/account/task/${taskId}`, { action: 'upload' })).status).toBe(200);
    const view = await call(who, 'GET', `/api/account/transaction/${id}`);
    expect(view.body.product).toEqual({ fees: [], fee_total: 0, addon: [] });
    expect(view.body.credits_needed).toBe(0);
    // No add-on for a task done elsewhere.
    const refused = await call(who, 'PUT', `/api/account/task/${taskId}`, { addons: ['agent'] });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      addons: 'Add-ons can be chosen only for a task we carry out (Generate or Custom).',
    });
    // Submitted with no payment method at all: nothing is due.
    await call(who, 'PUT', `/api/account/transaction/${id}`, { validated_questionnaire: 1 });
    expect((await finalize(who, id)).status).toBe(200);
    expect(await chargeRows(who.account!.id)).toEqual([]);
  });

  it('charges each fee once under 20 concurrent finalizes, and submits once', async () => {
    await defaultCard(me, 'pm_ok');
    const id = await readyGroup(me, 'test-fees', 'Texas', ['agent']);
    const before = provider.calls.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => finalize(me, id)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.status).toBe(409);
    const rows = (await chargeRows(me.account!.id)).filter((c) => c.transactionId === id);
    const taskId = ok[0].body.tasks[0].id as number;
    expect(rows.map((r) => [r.idempotencyKey, r.status, r.amountCents]).sort()).toEqual(
      [
        [feeIdempotencyKey(me.account!.id, taskId, 'state-filing'), 'succeeded', 30000],
        [`addon:${me.account!.id}:${taskId}:agent`, 'succeeded', 24900],
        [`credits:${me.account!.id}:${taskId}`, 'succeeded', 0],
      ].sort(),
    );
    // The provider was asked once per line: the other requests met the pending row.
    const mine = provider.calls.slice(before);
    expect(mine.map((c) => c.idempotencyKey).sort()).toEqual(
      [
        `${feeIdempotencyKey(me.account!.id, taskId, 'state-filing')}:1`,
        `addon:${me.account!.id}:${taskId}:agent:1`,
      ].sort(),
    );
    // A retried finalize afterwards is refused as already submitted and charges nothing.
    expect((await finalize(me, id)).status).toBe(409);
    expect(provider.calls.length - before).toBe(2);
    const view = await call(me, 'GET', `/api/account/transaction/${id}`);
    expect(view.body.product.fee_total).toBe(0);
    expect(view.body.product.fees[0].status).toBe('succeeded');
    // What the submission paid is one paid invoice, a line per charge, made once.
    const invoices = (await call(me, 'GET', '/api/account/v3/invoice')).body.invoices as Json[];
    const forGroup = invoices.filter((i) => i.total === 54_900);
    expect(forGroup).toHaveLength(1);
    expect(forGroup[0]).toMatchObject({ status: 'paid' });
    expect(((forGroup[0]?.lines ?? []) as Json[]).map((l) => l.amount).sort()).toEqual([24_900, 30_000]);
    // Its receipt is emailed once to the member who paid, with each line and the card.
    const receipts = (await t.mailTo(me.email)).filter((m) => m.subject.startsWith('Your receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe(`Your receipt from Charter: $549.00 (${forGroup[0].number})`);
    for (const line of ['State Filing Fee: $300.00', 'State Filing Agent: $249.00', 'Total paid: $549.00']) {
      expect(receipts[0].text).toContain(line);
    }
    expect(receipts[0].text).toContain('Paid with: Visa ending in 4242');
  });

  it('leaves the group unsubmitted on a decline or an authentication request, and retries the same row as a new attempt', async () => {
    const who = await signedIn(t);
    await defaultCard(who, 'pm_decline');
    const id = await readyGroup(who, 'test-fees', 'Delaware');
    const declined = await finalize(who, id);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Card Declined');
    expect((await call(who, 'GET', `/api/account/transaction/${id}`)).body.open).toBe(true);
    const [failed] = await chargeRows(who.account!.id);
    expect(failed).toMatchObject({ status: 'failed', failureMessage: 'Card Declined', purpose: 'fee' });

    await defaultCard(who, 'pm_authenticate');
    const action = await finalize(who, id);
    expect(action.status).toBe(402);
    expect(action.body).toMatchObject({
      code: 'PAYMENT_ACTION_REQUIRED',
      message: PAYMENT_MESSAGES.requiresAction,
    });
    expect((await call(who, 'GET', `/api/account/transaction/${id}`)).body.open).toBe(true);

    await defaultCard(who, 'pm_good');
    const paid = await finalize(who, id);
    expect(paid.status).toBe(200);
    const rows = await chargeRows(who.account!.id);
    // The same rows were retried: one per fee and add-on, plus the credit; each try under its own
    // provider key, since the provider answers a repeated key with its first answer (the decline).
    expect(rows.map((r) => r.id)).toContain(failed.id);
    expect(rows.filter((r) => r.purpose === 'fee')).toHaveLength(2);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    expect(rows.find((r) => r.id === failed.id)?.attempt).toBe(3);
    const tries = provider.calls.filter((c) => c.idempotencyKey.startsWith(`${failed.idempotencyKey}:`));
    expect(
      tries.map((c) => [c.idempotencyKey.slice(failed.idempotencyKey.length), c.methodId.split('_')[1]]),
    ).toEqual([
      [':1', 'decline'],
      [':2', 'authenticate'],
      [':3', 'good'],
    ]);
  });

  it('records on a retried charge the amount the provider is asked for (the answer changed since the decline)', async () => {
    const who = await signedIn(t);
    await defaultCard(who, 'pm_decline');
    const id = await readyGroup(who, 'test-fees', 'Delaware');
    expect((await finalize(who, id)).status).toBe(402);
    const key = (await chargeRows(who.account!.id)).find((r) => r.idempotencyKey.endsWith(':state-filing'));
    expect(key).toMatchObject({ status: 'failed', amountCents: 9000 });
    // Texas's filing fee is 300.00: the retry charges it, and the ledger must say so.
    expect(
      (
        await call(who, 'POST', '/api/account/flat_feature', {
          transaction_id: id,
          feature_type_id: 'state',
          value: 'Texas',
        })
      ).status,
    ).toBe(200);
    await call(who, 'PUT', `/api/account/transaction/${id}`, { validated_questionnaire: 1 });
    await defaultCard(who, 'pm_good');
    expect((await finalize(who, id)).status).toBe(200);
    const retried = (await chargeRows(who.account!.id)).find((r) => r.id === key!.id);
    const asked = provider.calls.filter((c) => c.idempotencyKey === `${key!.idempotencyKey}:2`);
    expect(asked.map((c) => c.amountCents)).toEqual([30000]);
    expect(retried).toMatchObject({ status: 'succeeded', attempt: 2, amountCents: 30000 });
  });

  it('charges the difference when a paid state fee grows before the group is submitted', async () => {
    const who = await signedIn(t);
    await defaultCard(who, 'pm_ok');
    const id = await readyGroup(who, 'test-fees', 'Delaware', ['agent']);
    const taskId = (await call(who, 'GET', `/api/account/transaction/${id}`)).body.tasks[0].id as number;
    const accountId = who.account!.id;
    const base = feeIdempotencyKey(accountId, taskId, 'state-filing');
    // The fees go through (Delaware: 90.00), the add-on is declined: the group stays open.
    provider.settled.set(`addon:${accountId}:${taskId}:agent:1`, {
      id: 'ch_declined',
      status: 'failed',
      amountCents: 24900,
      failureMessage: 'Card Declined',
    });
    expect((await finalize(who, id)).status).toBe(402);
    expect((await chargeRows(accountId)).find((r) => r.idempotencyKey === base)).toMatchObject({
      status: 'succeeded',
      amountCents: 9000,
    });
    // Texas's filing fee is 300.00: 210.00 more is due before the group is submitted.
    await call(who, 'POST', '/api/account/flat_feature', {
      transaction_id: id,
      feature_type_id: 'state',
      value: 'Texas',
    });
    await call(who, 'PUT', `/api/account/transaction/${id}`, { validated_questionnaire: 1 });
    const billing = await call(who, 'GET', `/api/account/transaction/${id}/billing`);
    expect(billing.body.product.fees[0]).toMatchObject({ amount: 30000, status: 'due' });
    expect(billing.body.product.fee_total).toBe(21000 + 24900);
    expect((await finalize(who, id)).status).toBe(200);
    const paid = (await chargeRows(accountId)).filter(
      (r) =>
        r.status === 'succeeded' && (r.idempotencyKey === base || r.idempotencyKey.startsWith(`${base}:`)),
    );
    expect(paid.reduce((sum, r) => sum + r.amountCents, 0)).toBe(30000);
    // Submitted: the fee shows as paid, nothing more is due.
    const view = await call(who, 'GET', `/api/account/transaction/${id}`);
    expect(view.body.product.fees[0]).toMatchObject({ amount: 30000, status: 'succeeded' });
  });

  it('refuses fees without a payment method', async () => {
    const who = await signedIn(t);
    const id = await readyGroup(who, 'test-fees');
    const refused = await finalize(who, id);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(PAYMENT_MESSAGES.noMethod);
    expect(await chargeRows(who.account!.id)).toEqual([]);
  });

  it('records partner-covered fees and credits as covered, with no provider call', async () => {
    const who = await signedIn(t);
    const partner = await createPartner(t, { coversFees: true, clients: [who.account!.id] });
    await t.ctx.db.update(partners).set({ coversCredits: true }).where(eq(partners.id, partner.id));
    const before = provider.calls.length;
    const id = await readyGroup(who, 'test-fees', undefined, ['agent']);
    const billing = await call(who, 'GET', `/api/account/transaction/${id}/billing`);
    expect(billing.body).toMatchObject({ covered_by: partner.name, credits_covered: true });
    expect(billing.body.product).toMatchObject({ fee_total: 0 });
    expect(billing.body.product.fees[0].status).toBe('covered');
    expect((await finalize(who, id)).status).toBe(200);
    expect(provider.calls.length).toBe(before);
    const rows = await chargeRows(who.account!.id);
    expect(rows.map((r) => [r.purpose, r.status]).sort()).toEqual(
      [
        ['fee', 'covered'],
        ['fee', 'covered'],
        ['addon', 'covered'],
        ['credits', 'covered'],
      ].sort(),
    );
    // A partner subscription hides the credits and uses none.
    expect((await call(who, 'GET', '/api/account/billing/credits')).body).toMatchObject({
      used: 0,
      visible: false,
    });
  });

  it('prices the group’s own page as its billing: fees a partner covers or excludes show covered', async () => {
    for (const cover of [{ coversFees: true }, { excludesFees: true }, { coversFees: false }]) {
      const who = await signedIn(t);
      const partner = await createPartner(t, { clients: [who.account!.id] });
      await t.ctx.db.update(partners).set(cover).where(eq(partners.id, partner.id));
      const id = await readyGroup(who, 'test-fees');
      const view = await call(who, 'GET', `/api/account/transaction/${id}`);
      const billing = await call(who, 'GET', `/api/account/transaction/${id}/billing`);
      expect(view.status).toBe(200);
      expect(view.body.product).toEqual(billing.body.product);
      const expected = Object.values(cover).some(Boolean) ? 'covered' : 'due';
      expect(view.body.product.fees[0].status).toBe(expected);
    }
  });

  it('shows the set-up note when the brand’s partner covers fees and the workspace has none', async () => {
    const who = await signedIn(t);
    const partner = await createPartner(t, { coversFees: true });
    const [brand] = await t.ctx.db
      .insert(brands)
      .values({
        hostname: `p-${partner.id}.example.com`,
        displayName: 'P',
        legalName: 'P LLC',
        webBaseUrl: `https://p-${partner.id}.example.com`,
        supportEmail: 'help@p.example.com',
      })
      .returning();
    await t.ctx.db.update(partners).set({ brandId: brand.id }).where(eq(partners.id, partner.id));
    await t.ctx.db.update(accounts).set({ brandId: brand.id }).where(eq(accounts.id, who.account!.id));
    await defaultCard(who, 'pm_ok');
    const id = await readyGroup(who, 'test-fees');
    const billing = await call(who, 'GET', `/api/account/transaction/${id}/billing`);
    expect(billing.body).toMatchObject({ partner_setup_pending: true, support_email: 'help@p.example.com' });
    const refused = await finalize(who, id);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(`${BILLING_MESSAGES.partnerSetupInProgress} help@p.example.com`);
    expect(await chargeRows(who.account!.id)).toEqual([]);
  });

  it('refuses a template’s subscription prerequisite unless a matching plan is active', async () => {
    const who = await signedIn(t);
    const id = await readyGroup(who, 'test-starter');
    const refused = await finalize(who, id);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(SUBSCRIPTION_MESSAGES.wrong);
    const accountId = who.account!.id;
    const subscribe = (planSlug: string, status: string, pastDueSince: Date | null = null) =>
      t.ctx.db.insert(subscriptions).values({
        accountId,
        planSlug,
        status,
        provider: 'test',
        providerSubscriptionId: `sub_${accountId}_${planSlug}_${status}`,
        amountCents: 0,
        interval: 'year',
        pastDueSince,
        idempotencyKey: `subscription:${accountId}:${planSlug}:${status}`,
      });
    // Past due for more than 62 days does not count.
    await subscribe('starter_annual', 'past_due', new Date(Date.now() - 63 * 24 * 3600 * 1000));
    expect((await finalize(who, id)).status).toBe(402);
    // Advanced counts as starter.
    await subscribe('advanced_annual', 'active');
    expect((await finalize(who, id)).status).toBe(200);

    // A partner-subscription workspace is told to contact support.
    const client = await signedIn(t);
    const partner = await createPartner(t, { clients: [client.account!.id] });
    await t.ctx.db.update(partners).set({ coversCredits: true }).where(eq(partners.id, partner.id));
    const clientGroup = await readyGroup(client, 'test-starter');
    expect((await finalize(client, clientGroup)).body.message).toBe(SUBSCRIPTION_MESSAGES.partner);
  });
});
