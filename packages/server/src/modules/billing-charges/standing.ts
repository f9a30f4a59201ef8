import { PLAN_CREDITS, subscriptionIsActive } from '@charter/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  accountCredits,
  accounts,
  brands,
  partnerAccounts,
  partners,
  paymentMethods,
  subscriptions,
} from '../../db/schema/index.ts';
import { FALLBACK_SUPPORT_EMAIL } from '../brand/presenters.ts';

/**
 * What billing knows of a workspace when it prices or submits a task: its credits, its active plans, the
 * partner that pays for it (if any) and the card fees go to. Read in one place so the finalize modal, the
 * credit counter and the finalize itself decide alike.
 */
export type Standing = Awaited<ReturnType<typeof loadStanding>>;

/** The partners a workspace is connected to, first connected first. */
async function connectedPartners(tx: Tx, accountId: number) {
  return tx
    .select({
      name: partners.name,
      coversCredits: partners.coversCredits,
      coversFees: partners.coversFees,
      excludesFees: partners.excludesFees,
    })
    .from(partnerAccounts)
    .innerJoin(partners, eq(partners.id, partnerAccounts.partnerId))
    .where(eq(partnerAccounts.accountId, accountId))
    .orderBy(partnerAccounts.createdAt);
}

type ConnectedPartner = Awaited<ReturnType<typeof connectedPartners>>[number];

/** The partner a workspace's card fees go to (it covers them, or excludes them from the card): the first. */
const feePartnerOf = (connected: readonly ConnectedPartner[]) =>
  connected.find((p) => p.coversFees || p.excludesFees) ?? null;

/** Whether a partner takes the workspace's fees (Standing.feePartner), read with the partners alone. */
export async function hasFeePartner(tx: Tx, accountId: number) {
  return feePartnerOf(await connectedPartners(tx, accountId)) !== null;
}

export async function loadStanding(tx: Tx, accountId: number, now = new Date()) {
  const [credits] = await tx.select().from(accountCredits).where(eq(accountCredits.accountId, accountId));
  const connected = await connectedPartners(tx, accountId);
  const feePartner = feePartnerOf(connected);
  const creditPartner = connected.find((p) => p.coversCredits) ?? null;
  // The brand the workspace was made under: when its partner covers fees but the workspace is not one of
  // its clients yet, payment shows the set-up-in-progress note with the brand's support contact (spec 1 §6).
  const [brand] = await tx
    .select({ supportEmail: brands.supportEmail, partnerId: partners.id, coversFees: partners.coversFees })
    .from(accounts)
    .innerJoin(brands, eq(brands.id, accounts.brandId))
    .leftJoin(partners, eq(partners.brandId, brands.id))
    .where(eq(accounts.id, accountId));
  const plans = await tx
    .select({
      planSlug: subscriptions.planSlug,
      status: subscriptions.status,
      pastDueSince: subscriptions.pastDueSince,
    })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId));
  const [method] = await tx
    .select({
      id: paymentMethods.id,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      kind: paymentMethods.kind,
      provider: paymentMethods.provider,
      providerMethodId: paymentMethods.providerMethodId,
    })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.accountId, accountId),
        eq(paymentMethods.isDefault, true),
        eq(paymentMethods.status, 'verified'),
        isNull(paymentMethods.removedAt),
      ),
    )
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  const activePlans = plans
    .filter((p) => subscriptionIsActive({ status: p.status, past_due_since: p.pastDueSince }, now))
    .map((p) => p.planSlug);
  // The stored limit is what staff granted; the free plan's and each active plan's credits come on top.
  const limit =
    (credits?.creditLimit ?? 0) +
    (PLAN_CREDITS.basic ?? 0) +
    activePlans.reduce((sum, slug) => sum + (PLAN_CREDITS[slug] ?? 0), 0);
  const used = credits?.used ?? 0;
  return {
    credits: { limit, used, remaining: Math.max(0, limit - used), stored: credits?.creditLimit ?? 0 },
    activePlans,
    feePartner,
    creditPartner,
    /** The workspace's credits and plan are its partner's (spec 2 §3 has_partner_subscription). */
    hasPartnerSubscription: creditPartner !== null,
    partnerSetupPending: Boolean(brand?.coversFees) && connected.length === 0,
    supportEmail: brand?.supportEmail || FALLBACK_SUPPORT_EMAIL,
    defaultMethod: method ?? null,
  };
}
