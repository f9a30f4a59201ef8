import { TEST_CARDS, type TestCardKey, testTokenizeCard } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { billingCustomers, paymentMethods } from '../../src/db/schema/index.ts';
import { accountCaller, type SignedIn, signedIn } from '../factories.ts';
import type { TestApp } from '../harness.ts';

/** What the web's test tokeniser makes of a test card number (the test provider's card token). */
export function testCardToken(card: TestCardKey = 'visa', name = 'Ada Lovelace'): string {
  const r = testTokenizeCard({
    number: TEST_CARDS[card].number,
    expMonth: 12,
    expYear: 2040,
    name,
    country: 'US',
  });
  if (!r.token) throw new Error(r.error);
  return r.token;
}

/** The card screen's call: `token` is a test card's token, or a Stripe test token (tok_visa) on Stripe. */
export const addCardCall = (t: TestApp, who: SignedIn, token = testCardToken(), isDefault?: boolean) =>
  accountCaller(() => t)(who, 'POST', '/api/account/admin/billing/method', {
    stripe_token_id: token,
    ...(isDefault === undefined ? {} : { is_default: isDefault }),
  });

/** A workspace's owner signed in, with a card added through the API (so its default) on the installation's provider. */
export async function signedInWithCard(t: TestApp, token = testCardToken()) {
  const who = await signedIn(t);
  const added = await addCardCall(t, who, token);
  if (added.status !== 201) throw new Error(`adding a card failed: ${added.status}`);
  return { who, cardId: added.body.method.id as number };
}

/**
 * A customer and a verified default card written as rows (what the billing module writes once the provider
 * answered), for tests that call a provider themselves or stand one in. The customer is kept if the
 * workspace has one; an earlier default card stops being the default.
 */
export async function saveDefaultCard(
  t: TestApp,
  accountId: number,
  card: {
    provider: string;
    stripeDomain: string;
    customerId: string;
    methodId: string;
    last4: string;
    brand?: string;
  },
) {
  await t.ctx.db
    .insert(billingCustomers)
    .values({
      accountId,
      provider: card.provider,
      stripeDomain: card.stripeDomain,
      providerCustomerId: card.customerId,
    })
    .onConflictDoNothing();
  await t.ctx.db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(eq(paymentMethods.accountId, accountId));
  const [row] = await t.ctx.db
    .insert(paymentMethods)
    .values({
      accountId,
      provider: card.provider,
      providerMethodId: card.methodId,
      kind: 'card',
      brand: card.brand ?? null,
      last4: card.last4,
      status: 'verified',
      isDefault: true,
    })
    .returning();
  if (!row) throw new Error('no payment method');
  return row;
}
