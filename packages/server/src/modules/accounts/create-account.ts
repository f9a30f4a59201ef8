import { BUSINESS_PURPOSES, FEATURE_TYPE, USER_FEATURE_TYPES, validateCompanyName } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accountFeatures, accounts, memberships } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { authorizeGrantAccess } from '../auth/policies.ts';

export type FeatureInput = { feature_type_id: number; value: string };
export type NewAccountInput = { company_name: string; features?: FeatureInput[] };

const purposes = new Set<string>(BUSINESS_PURPOSES.map((p) => p.value));

/** Applies the rules the client applies (spec 1 §5) before anything is written. */
export function validateNewAccount(input: NewAccountInput, field = 'company_name') {
  for (const { feature_type_id: id } of input.features ?? []) {
    if (USER_FEATURE_TYPES.includes(id)) continue;
    throw invalid({
      features:
        id === FEATURE_TYPE.PARTNER_SLUG
          ? `Feature ${id} (partner slug) is set by the partner, not when creating a workspace.`
          : `Unknown feature type ${id}.`,
    });
  }
  const nameError = validateCompanyName(input.company_name ?? '', {});
  if (nameError) throw invalid({ [field]: nameError });
  const businessType = input.features?.find((f) => f.feature_type_id === FEATURE_TYPE.BUSINESS_TYPE);
  if (!businessType || !purposes.has(businessType.value)) {
    throw invalid({ business_type: 'Business purpose required' });
  }
}

/** Creates a workspace with its creator as its admin; the first workspace becomes the default. */
export async function createAccount(
  tx: Tx,
  input: NewAccountInput & { userId: number; brandId?: number | null },
) {
  validateNewAccount(input);
  const [account] = await tx
    .insert(accounts)
    .values({
      companyName: input.company_name.trim(),
      createdBy: input.userId,
      ownerId: input.userId,
      brandId: input.brandId ?? null,
    })
    .returning();
  const features = (input.features ?? []).filter(
    (f, i, all) => all.findIndex((g) => g.feature_type_id === f.feature_type_id) === i,
  );
  if (features.length > 0) {
    await tx
      .insert(accountFeatures)
      .values(
        features.map((f) => ({ accountId: account.id, featureTypeId: f.feature_type_id, value: f.value })),
      );
  }
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(eq(memberships.userId, input.userId));
  await tx.insert(memberships).values({
    accountId: account.id,
    userId: input.userId,
    isAdmin: true,
    acceptedAt: new Date(),
    preferred: count === 0,
    accountOrder: count,
  });
  return account;
}

/** POST /api/user/accounts: a workspace of the user's own; never one staff acting as them would open. */
export function createWorkspace(input: {
  tx: Tx;
  actor: UserActor;
  body: NewAccountInput;
  brandId: number | null;
}) {
  authorizeGrantAccess(input.actor);
  return createAccount(input.tx, { ...input.body, userId: input.actor.userId, brandId: input.brandId });
}
