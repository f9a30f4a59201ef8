import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema/index.ts';

/**
 * The default rules (spec 1 §4 Payment method): one default per workspace; only a verified method may be
 * it; when there is none (the first method, or the default was removed) the oldest verified one becomes it.
 */
export async function makeDefault(tx: Tx, accountId: number, methodId: number) {
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(
      and(
        eq(paymentMethods.accountId, accountId),
        eq(paymentMethods.isDefault, true),
        ne(paymentMethods.id, methodId),
      ),
    );
  await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, methodId));
}

/** Gives the workspace a default when it has none and a verified method exists; returns its id. */
export async function ensureDefault(tx: Tx, accountId: number): Promise<number | null> {
  const live = and(eq(paymentMethods.accountId, accountId), isNull(paymentMethods.removedAt));
  const [current] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(live, eq(paymentMethods.isDefault, true)));
  if (current) return current.id;
  const [first] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(live, eq(paymentMethods.status, 'verified')))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id))
    .limit(1);
  if (!first) return null;
  await makeDefault(tx, accountId, first.id);
  return first.id;
}
