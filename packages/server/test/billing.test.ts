import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ADMIN_WARNING,
  BILLING_MESSAGES,
  DEFAULT_STRIPE_DOMAIN,
  TEST_AUTHENTICATION_MESSAGE,
  TEST_BANK_LINK,
  TEST_BANKS,
  TEST_CARDS,
  TEST_DECLINE_MESSAGE,
  type TestBankKey,
  type TestCardKey,
  testTokenizeBank,
} from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  brands,
  charges,
  paymentMethods,
  subscriptions,
} from '../src/db/schema/index.ts';
import { accessToken, accountCaller, type Json, joinedMember, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addCardCall, signedInWithCard, testCardToken } from './support/billing.ts';
import { createPartner } from './support/partners.ts';

let t: TestApp;
const call = accountCaller(() => t);

const bankBody = (bank: TestBankKey, label = 'Operating') => {
  const input = {
    accountHolderName: 'Acme Inc.',
    accountHolderType: 'company',
    country: 'US',
    currency: 'usd',
    routingNumber: TEST_BANKS[bank].routing,
    accountNumber: TEST_BANKS[bank].account,
    bankLabel: label,
  };
  const r = testTokenizeBank(input);
  if (!r.token) throw new Error(r.error);
  return {
    account_holder_name: input.accountHolderName,
    account_holder_type: 'company',
    country: 'US',
    currency: 'usd',
    routing_number: input.routingNumber,
    account_number: input.accountNumber,
    bank_label: label,
    token: r.token,
  };
};
/** The text of a PDF as pdftotext reads it, spaces collapsed. */
function pdfText(bytes: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-receipt-'));
  const file = path.join(dir, 'receipt.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const addCard = (who: SignedIn, card: TestCardKey, isDefault = false) =>
  addCardCall(t, who, testCardToken(card), isDefault);
const methodsOf = async (accountId: number) =>
  t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, accountId));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('cards (spec 1 §4, §5, §8)', () => {
  it('adds a card: the first is the default, and a default is never unset by deselecting it', async () => {
    const owner = await signedIn(t);
    const first = await call(owner, 'POST', '/api/account/admin/billing/method', {
      stripe_token_id: testCardToken('visa'),
      is_default: false,
    });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Payment Method Added.');
    expect(first.body.method).toMatchObject({ kind: 'card', brand: 'Visa', last4: '4242', is_default: true });
    expect(first.body.method.name).toBe('Ada Lovelace');
    expect(JSON.stringify(first.body)).not.toContain(TEST_CARDS.visa.number);

    const second = await call(owner, 'POST', '/api/account/v3/admin/billing/method', {
      stripe_token_id: testCardToken('mastercard'),
      is_default: 0,
      stripe_domain: 'elsewhere',
    });
    expect(second.status).toBe(201);
    expect(second.body.method).toMatchObject({ brand: 'MasterCard', last4: '4444', is_default: false });

    const set = await call(owner, 'PUT', '/api/account/admin/billing/method', {
      default_method_id: second.body.method.id,
    });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('Default Method set.');
    const defaults = (set.body.methods as Json[]).filter((m) => m.is_default).map((m) => m.id);
    expect(defaults).toEqual([second.body.method.id]);

    // Setting the same default again keeps it: there is no "no default".
    const again = await call(owner, 'PUT', '/api/account/v3/admin/billing/method', {
      default_method_id: second.body.method.id,
    });
    expect((again.body.methods as Json[]).filter((m) => m.is_default)).toHaveLength(1);

    // Removing the default hands it to the one left.
    const removed = await call(owner, 'DELETE', `/api/account/admin/billing/method/${second.body.method.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Payment Method removed.');
    expect(removed.body.methods).toHaveLength(1);
    expect(removed.body.methods[0]).toMatchObject({ id: first.body.method.id, is_default: true });
    const v3 = await call(
      owner,
      'DELETE',
      `/api/account/v3/admin/billing/method/charter/${first.body.method.id}`,
    );
    expect(v3.status).toBe(200);
    expect(v3.body.methods).toEqual([]);
    // Removed rows stay for the charges that name them.
    expect((await methodsOf(owner.account!.id)).every((m) => m.removedAt !== null && !m.isDefault)).toBe(
      true,
    );
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.accountId, owner.account!.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['billing.method.add', 'billing.method.default', 'billing.method.remove']),
    );
  });

  it('refuses a declined card and a token that is no test token, saving nothing', async () => {
    const owner = await signedIn(t);
    const declined = await addCard(owner, 'declined');
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe(TEST_DECLINE_MESSAGE);
    const forged = await call(owner, 'POST', '/api/account/admin/billing/method', {
      stripe_token_id: 'tok_visa',
    });
    expect(forged.status).toBe(402);
    expect(forged.body.message).toBe(BILLING_MESSAGES.tokenisation);
    expect(await methodsOf(owner.account!.id)).toEqual([]);
  });
});

describe('plans and subscriptions', () => {
  it("follows the workspace's own brand, not the Host header it is called through", async () => {
    const owner = await signedIn(t);
    const hostname = `partner-${owner.account!.id}.example.org`;
    await t.ctx.db.insert(brands).values({
      hostname,
      displayName: 'Partner',
      legalName: 'Partner LLC',
      webBaseUrl: `https://${hostname}`,
    });
    const customerVia = async (host: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/billing/customer',
        headers: { authorization: owner.accountBearer, host },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as Json;
    };
    // The workspace was made under the default brand: the partner's host does not change its prices.
    expect((await customerVia(hostname)).catalogue).toBe('standard');
    const viaPartner = await t.app.inject({
      method: 'GET',
      url: '/api/account/admin/bundle/advanced_annual/preview',
      headers: { authorization: owner.accountBearer, host: hostname },
    });
    expect(viaPartner.statusCode).toBe(400);
    // A workspace of the partner's brand gets the partner catalogue wherever it is called from.
    const [brand] = await t.ctx.db.select().from(brands).where(eq(brands.hostname, hostname));
    await t.ctx.db.update(accounts).set({ brandId: brand!.id }).where(eq(accounts.id, owner.account!.id));
    expect((await customerVia('localhost')).catalogue).toBe('partner');
  });

  it("bills under the workspace's own brand's domain, else a connected partner's, else the default; never the Host's", async () => {
    const owner = await signedIn(t);
    const accountId = owner.account!.id;
    const brandWith = async (tag: string, stripeDomain?: string) => {
      const hostname = `${tag}-${accountId}.example.org`;
      const [brand] = await t.ctx.db
        .insert(brands)
        .values({
          hostname,
          displayName: tag,
          legalName: `${tag} LLC`,
          webBaseUrl: `https://${hostname}`,
          assets: stripeDomain ? { stripe_domain: stripeDomain } : {},
        })
        .returning();
      return brand!;
    };
    const customerVia = async (host = 'localhost') => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/billing/customer',
        headers: { authorization: owner.accountBearer, host },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Json;
      return [body.catalogue, body.stripe_domain];
    };
    const elsewhere = await brandWith('elsewhere', 'elsewhere-billing');
    expect(await customerVia()).toEqual(['standard', DEFAULT_STRIPE_DOMAIN]);
    expect(await customerVia(elsewhere.hostname)).toEqual(['standard', DEFAULT_STRIPE_DOMAIN]);

    await createPartner(t, { coversFees: true, clients: [accountId] });
    expect(await customerVia(elsewhere.hostname)).toEqual(['standard', 'partner.example.com']);
    // A brand of its own that names no billing domain leaves the partner's.
    const plain = await brandWith('plain');
    await t.ctx.db.update(accounts).set({ brandId: plain.id }).where(eq(accounts.id, accountId));
    expect(await customerVia()).toEqual(['partner', 'partner.example.com']);
    const own = await brandWith('own', 'own-billing');
    await t.ctx.db.update(accounts).set({ brandId: own.id }).where(eq(accounts.id, accountId));
    expect(await customerVia(elsewhere.hostname)).toEqual(['partner', 'own-billing']);
    // A brand id that names no brand is the default brand.
    await t.ctx.db.delete(brands).where(eq(brands.id, own.id));
    expect(await customerVia()).toEqual(['standard', 'partner.example.com']);
    // The default brand's billing domain comes after a connected partner's, even where it stands in.
    const [fallback] = await t.ctx.db.select().from(brands).where(eq(brands.isDefault, true));
    const withDomain = { ...fallback!.assets, stripe_domain: 'default-billing' };
    await t.ctx.db.update(brands).set({ assets: withDomain }).where(eq(brands.id, fallback!.id));
    try {
      expect(await customerVia()).toEqual(['standard', 'partner.example.com']);
      await t.ctx.db.update(accounts).set({ brandId: null }).where(eq(accounts.id, accountId));
      expect(await customerVia()).toEqual(['standard', 'partner.example.com']);
    } finally {
      await t.ctx.db.update(brands).set({ assets: fallback!.assets }).where(eq(brands.id, fallback!.id));
    }
  });

  it('previews, subscribes once with an invoice and its line, and shows the active plan', async () => {
    const owner = await signedIn(t);
    const before = await call(owner, 'GET', '/api/account/billing/customer');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      test_mode: true,
      provider: 'test',
      active_plan_index: 0,
      catalogue: 'standard',
    });
    expect(before.body.plans[0].priceValue).toBe(0);
    // The user menu's plan list: none yet (shown as 'Free Basic'), and it follows the subscription.
    expect((await call(owner, 'GET', '/api/account/me')).body.subscriptions).toEqual([]);

    const preview = await call(owner, 'GET', '/api/account/admin/bundle/starter_annual/preview');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ amount: 49_900, interval: 'year', current: false });
    expect((await call(owner, 'GET', '/api/account/admin/bundle/advanced_annual/preview')).status).toBe(400);
    expect((await call(owner, 'GET', '/api/account/admin/bundle/nope/preview')).status).toBe(404);

    const none = await call(owner, 'POST', '/api/account/admin/bundle/starter_annual', {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(BILLING_MESSAGES.noPaymentMethod);

    const card = await addCard(owner, 'visa');
    const done = await call(owner, 'POST', '/api/account/admin/bundle/starter_annual', {
      selected_source_id: card.body.method.id,
    });
    expect(done.status).toBe(201);
    expect(done.body.message).toBe('Subscribed!');
    expect(done.body.subscription).toMatchObject({
      plan_slug: 'starter_annual',
      status: 'active',
      active: true,
    });
    expect(done.body.invoice).toMatchObject({ status: 'paid', total: 49_900 });
    expect(done.body.invoice.lines).toEqual([expect.objectContaining({ amount: 49_900, quantity: 1 })]);

    const after = await call(owner, 'GET', '/api/account/v3/billing/customer');
    expect(after.body).toMatchObject({ active_plan_slug: 'starter_annual', active_plan_index: 1 });
    const member = await joinedMember(t, owner);
    for (const who of [owner, member])
      expect((await call(who, 'GET', '/api/account/me')).body.subscriptions).toEqual(['Starter']);
    const twice = await call(owner, 'POST', '/api/account/admin/bundle/starter_annual', {});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(BILLING_MESSAGES.alreadySubscribed);

    const rows = await t.ctx.db.select().from(charges).where(eq(charges.accountId, owner.account!.id));
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amountCents: 49_900,
        idempotencyKey: `subscription:${owner.account!.id}:starter_annual:1`,
        invoiceId: done.body.invoice.id,
      }),
    ]);

    const invoices = await call(owner, 'GET', '/api/account/v3/invoice');
    expect(invoices.body.invoices).toHaveLength(1);
    const receipt = await call(owner, 'GET', invoices.body.invoices[0].receipt_url);
    expect(receipt.status).toBe(200);
    expect(receipt.raw.headers['content-type']).toBe('application/pdf');
    expect(receipt.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The receipt names the card it was paid with.
    const number = invoices.body.invoices[0].number as string;
    expect(pdfText(receipt.raw.rawPayload)).toContain('Paid with Visa ending in 4242');

    // And it is emailed to whoever paid, once, naming the card, the total and where the PDF is.
    const mails = (await t.mailTo(owner.email)).filter((m) => m.subject.startsWith('Your receipt'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Your receipt from Charter: $499.00 (${number})`);
    expect(mails[0].text).toContain('Paid with: Visa ending in 4242');
    expect(mails[0].text).toContain(`Receipt: ${number}`);
    expect(mails[0].text).toContain('Total paid: $499.00');
    expect(mails[0].text).toContain(`/c/${owner.account!.id}/settings/billing`);
    expect(mails[0].html).toContain('Visa ending in 4242');
  });

  it('charges once when the same subscribe is sent twice at once', async () => {
    const { who: owner } = await signedInWithCard(t);
    const results = await Promise.all(
      [1, 2, 3].map(() => call(owner, 'POST', '/api/account/admin/bundle/advanced_monthly', {})),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await t.ctx.db.select().from(charges).where(eq(charges.accountId, owner.account!.id));
    expect(rows.filter((r) => r.status === 'succeeded')).toHaveLength(1);
    const subs = await t.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, owner.account!.id));
    expect(subs).toHaveLength(1);
  });

  it('charges no second time while a paid subscription charge has no subscription written (its answer was lost)', async () => {
    const { who: owner } = await signedInWithCard(t);
    const accountId = owner.account!.id;
    // The provider made the subscription and took the payment; our write was lost and the reconcile job
    // found the payment by its key: the charge is succeeded, no subscription row exists.
    await t.ctx.db.insert(charges).values({
      accountId,
      idempotencyKey: `subscription:${accountId}:starter_annual:1`,
      purpose: 'subscription',
      label: 'Starter plan',
      amountCents: 49_900,
      status: 'succeeded',
      provider: 'test',
    });
    const again = await call(owner, 'POST', '/api/account/admin/bundle/starter_annual', {});
    expect(again.status).toBe(409);
    const rows = await t.ctx.db.select().from(charges).where(eq(charges.accountId, accountId));
    expect(rows).toHaveLength(1);
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId))).toEqual(
      [],
    );
  });

  it('reports a decline later and an authentication request, then a retry with another card is a new attempt', async () => {
    const owner = await signedIn(t);
    const later = await addCard(owner, 'failLater');
    expect(later.status).toBe(201);
    const declined = await call(owner, 'POST', '/api/account/admin/bundle/starter_annual', {
      selected_source_id: later.body.method.id,
    });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe(TEST_DECLINE_MESSAGE);

    const auth = await addCard(owner, 'authentication');
    const needs = await call(owner, 'POST', '/api/account/admin/bundle/starter_annual', {
      selected_source_id: auth.body.method.id,
    });
    expect(needs.status).toBe(402);
    expect(needs.body.code).toBe('PAYMENT_ACTION_REQUIRED');
    expect(needs.body.message).toBe(TEST_AUTHENTICATION_MESSAGE);

    const good = await addCard(owner, 'visa');
    const ok = await call(owner, 'POST', '/api/account/admin/bundle/starter_annual', {
      selected_source_id: good.body.method.id,
    });
    expect(ok.status).toBe(201);
    const rows = await t.ctx.db.select().from(charges).where(eq(charges.accountId, owner.account!.id));
    expect(rows.map((r) => [r.idempotencyKey.split(':').at(-1), r.status]).sort()).toEqual([
      ['1', 'failed'],
      ['2', 'requires_action'],
      ['3', 'succeeded'],
    ]);
    const invoices = await call(owner, 'GET', '/api/account/v3/invoice');
    expect(invoices.body.invoices).toHaveLength(1);
  });
});

describe('bank accounts by micro-deposits, and bank link', () => {
  it('submits a bank account hidden while new, refuses it as default, verifies it with the two amounts', async () => {
    const owner = await signedIn(t);
    const added = await call(owner, 'POST', '/api/account/ach', bankBody('succeed'));
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('ACH Account info submitted.');
    expect(added.body.method).toMatchObject({
      kind: 'bank',
      status: 'new',
      is_default: false,
      last4: '6789',
      metadata: { bank_label: 'Operating' },
    });
    const id = added.body.method.id;
    expect((await call(owner, 'GET', '/api/account/billing/method')).body.methods).toEqual([]);
    expect((await call(owner, 'GET', '/api/account/billing/method?all=1')).body.methods).toHaveLength(1);
    expect((await call(owner, 'GET', '/api/account/banks')).body.banks).toHaveLength(1);
    const early = await call(owner, 'PUT', '/api/account/admin/billing/method', { default_method_id: id });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(BILLING_MESSAGES.newBankCannotBeDefault);

    const wrong = await call(owner, 'PUT', `/api/account/ach/${id}`, { amounts: ['0.12', '0.34'] });
    expect(wrong.status).toBe(402);
    expect(wrong.body.message).toBe(BILLING_MESSAGES.wrongAmounts);
    const right = await call(owner, 'PUT', `/api/account/ach/${id}`, { amounts: ['0.45', 0.32] });
    expect(right.status).toBe(200);
    expect(right.body.message).toBe('ACH Account verified.');
    expect(right.body.method).toMatchObject({ status: 'verified', is_default: true });
    expect((await call(owner, 'GET', '/api/account/v3/billing/method')).body.methods).toHaveLength(1);

    const removed = await call(owner, 'DELETE', `/api/account/ach/${id}`);
    expect(removed.body.message).toBe('ACH Payment Method removed.');
  });

  it('fails verification when the deposits fail, or after three wrong tries', async () => {
    const owner = await signedIn(t);
    const failing = await call(owner, 'POST', '/api/account/ach', bankBody('fail'));
    const res = await call(owner, 'PUT', `/api/account/ach/${failing.body.method.id}`, {
      amounts: [0.32, 0.45],
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(BILLING_MESSAGES.verificationFailed);

    const other = await call(owner, 'POST', '/api/account/ach', bankBody('succeed', 'Payroll'));
    const url = `/api/account/ach/${other.body.method.id}`;
    for (const _ of [1, 2]) expect((await call(owner, 'PUT', url, { amounts: [0.1, 0.2] })).status).toBe(402);
    const third = await call(owner, 'PUT', url, { amounts: [0.1, 0.2] });
    expect(third.body.message).toBe(BILLING_MESSAGES.verificationFailed);
    const rows = await methodsOf(owner.account!.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['verification_failed', 'verification_failed']);
    expect(rows.every((r) => !r.isDefault)).toBe(true);
    // A failed account can neither be verified again nor pay.
    expect((await call(owner, 'PUT', url, { amounts: [0.32, 0.45] })).status).toBe(400);
    const pay = await call(owner, 'POST', '/api/account/admin/bundle/starter_annual', {
      selected_source_id: other.body.method.id,
    });
    expect(pay.status).toBe(400);
  });

  it('refuses bad bank input by the spec rules', async () => {
    const owner = await signedIn(t);
    const body = bankBody('succeed');
    const res = await call(owner, 'POST', '/api/account/ach', { ...body, routing_number: '11-00a' });
    expect(res.status).toBe(400);
    const amounts = await call(owner, 'PUT', '/api/account/ach/1', { amounts: [-1, 0.3] });
    expect(amounts.status).toBe(400);
  });

  it('links a bank account at once, and reports a cancelled link', async () => {
    const owner = await signedIn(t);
    const link = await call(owner, 'POST', '/api/account/admin/billing/plaid/link_token');
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ test_mode: true, link_token: expect.any(String) });
    const ok = await call(owner, 'POST', '/api/account/admin/billing/plaid/public_token', {
      public_token: TEST_BANK_LINK.success,
      institution: { name: 'Test Bank', institution_id: 'ins_1' },
      account: { id: TEST_BANK_LINK.accountId, name: 'Checking', mask: '0000' },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.method).toMatchObject({ kind: 'bank', status: 'verified', is_default: true });
    const cancelled = await call(owner, 'POST', '/api/account/admin/billing/plaid/public_token', {
      public_token: TEST_BANK_LINK.cancelled,
    });
    expect(cancelled.status).toBe(402);
    expect(cancelled.body.message).toBe(BILLING_MESSAGES.bankLinkCancelled);
  });
});

describe('who may manage billing', () => {
  let owner: SignedIn;
  let cardId: number;
  beforeAll(async () => {
    ({ who: owner, cardId } = await signedInWithCard(t));
  });

  it('lets members read, refuses them every change; admins manage', async () => {
    const member = await joinedMember(t, owner);
    const read = await call(member, 'GET', '/api/account/billing/method');
    expect(read.status).toBe(200);
    expect(read.body.abilities).toEqual({ manage: false });
    expect(read.body.methods[0].abilities).toEqual({ remove: false, set_default: false, verify: false });
    expect((await call(member, 'GET', '/api/account/v3/invoice')).status).toBe(200);
    const refused: [string, string, unknown][] = [
      ['POST', '/api/account/admin/billing/method', { stripe_token_id: testCardToken('visa') }],
      ['POST', '/api/account/v3/admin/billing/method', { stripe_token_id: testCardToken('visa') }],
      ['PUT', '/api/account/admin/billing/method', { default_method_id: cardId }],
      ['DELETE', `/api/account/admin/billing/method/${cardId}`, undefined],
      ['DELETE', `/api/account/ach/${cardId}`, undefined],
      ['POST', '/api/account/ach', bankBody('succeed')],
      ['PUT', `/api/account/ach/${cardId}`, { amounts: [0.32, 0.45] }],
      ['POST', '/api/account/admin/billing/plaid/link_token', undefined],
      ['POST', '/api/account/admin/bundle/starter_annual', {}],
      ['GET', '/api/account/admin/bundle/starter_annual/preview', undefined],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(member, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.message).toBe(ADMIN_WARNING);
    }
    expect(await methodsOf(owner.account!.id)).toHaveLength(1);
    const admin = await joinedMember(t, owner, true);
    expect((await addCard(admin, 'amex')).status).toBe(201);
  });

  it("answers 404 to another workspace's method and changes none", async () => {
    const other = await signedIn(t);
    await addCard(other, 'visa');
    const attempts: [string, string, unknown][] = [
      ['PUT', '/api/account/admin/billing/method', { default_method_id: cardId }],
      ['DELETE', `/api/account/admin/billing/method/${cardId}`, undefined],
      ['DELETE', `/api/account/v3/admin/billing/method/charter/${cardId}`, undefined],
      ['DELETE', `/api/account/ach/${cardId}`, undefined],
      ['PUT', `/api/account/ach/${cardId}`, { amounts: [0.32, 0.45] }],
      ['POST', '/api/account/admin/bundle/starter_annual', { selected_source_id: cardId }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(other, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const mine = await t.ctx.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, cardId), eq(paymentMethods.accountId, owner.account!.id)));
    expect(mine[0]).toMatchObject({ isDefault: true, removedAt: null });
    expect(await t.ctx.db.select().from(charges).where(eq(charges.paymentMethodId, cardId))).toEqual([]);
  });

  it('refuses a restricted (role 3) workspace', async () => {
    const restricted = await signedIn(t);
    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, restricted.account!.id));
    const access = await accessToken(t, restricted.idToken, restricted.account!.id);
    const who = { ...restricted, access, accountBearer: `Bearer ${access}` };
    for (const url of [
      '/api/account/billing/customer',
      '/api/account/billing/method',
      '/api/account/v3/invoice',
    ]) {
      expect((await call(who, 'GET', url)).status, url).toBe(403);
    }
    expect((await addCard(who, 'visa')).status).toBe(403);
  });
});
