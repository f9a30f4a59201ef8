import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberships } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { activeMembership } from './memberships.ts';

/** One preferred (default) workspace per user: setting one clears the others. */
export async function setPreferredAccount({
  tx,
  actor,
  accountId,
  preferred,
}: {
  tx: Tx;
  actor: UserActor;
  accountId: number;
  preferred: boolean;
}) {
  const { userId } = actor;
  const [member] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId), activeMembership))
    .limit(1);
  if (!member) throw notFound('Workspace not found');
  if (preferred) await tx.update(memberships).set({ preferred: false }).where(eq(memberships.userId, userId));
  await tx
    .update(memberships)
    .set({ preferred })
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)));
}
