import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authenticators } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';

/** One of the actor's added email addresses matching `where`; anyone else's answers 404, as if absent. */
export async function findOwnAuthenticator(tx: Tx, actor: UserActor, where: SQL) {
  const [row] = await tx
    .select()
    .from(authenticators)
    .where(and(eq(authenticators.userId, actor.userId), where))
    .limit(1);
  if (!row) throw notFound('Email address not found');
  return row;
}

/** A user's added email addresses, verified or not, for the profile. */
export async function findExtraEmails(tx: Tx, userId: number) {
  return tx
    .select({ value: authenticators.value, verifiedAt: authenticators.verifiedAt })
    .from(authenticators)
    .where(eq(authenticators.userId, userId));
}
