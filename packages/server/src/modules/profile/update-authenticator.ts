import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authenticators, users } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { authorizeSignInChange } from './policies.ts';
import { findOwnAuthenticator } from './scope.ts';

/**
 * PATCH /api/v1/user/authenticators/{id}: priority 0 makes a verified address the primary (sign-in) one
 * and the old primary an extra; any other priority changes nothing.
 */
export async function updateAuthenticator(input: { db: Db; actor: UserActor; id: number; priority: number }) {
  if (input.priority !== 0) return;
  authorizeSignInChange(input.actor);
  const { db, actor } = input;
  const { user } = actor;
  const row = await findOwnAuthenticator(db, actor, eq(authenticators.id, input.id));
  if (!row.verifiedAt) throw invalid({ priority: 'Verify this email address first.' });
  await db.transaction(async (tx) => {
    await tx
      .update(authenticators)
      .set({ value: user.email, verifiedAt: user.emailVerifiedAt })
      .where(eq(authenticators.id, row.id));
    await tx
      .update(users)
      .set({ email: row.value, emailVerifiedAt: row.verifiedAt, updatedAt: new Date() })
      .where(eq(users.id, user.id));
  });
}
