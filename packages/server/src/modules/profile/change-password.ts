import { CURRENT_PASSWORD_INCORRECT, PASSWORD_CHANGED, validateNewPassword } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../adapters/passwords.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { revokeUserSessions } from '../auth/session-store.ts';
import { authorizeSignInChange } from './policies.ts';

/**
 * PUT /api/user/settings/password: changing the password ends the user's other sessions; this one stays
 * signed in.
 */
export async function changePassword({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: UserActor;
  input: { current_password?: string; password: string };
}) {
  authorizeSignInChange(actor);
  const passwordError = validateNewPassword(input.password);
  if (passwordError) throw invalid({ password: passwordError });
  if (actor.user.passwordHash !== null) {
    const ok = await verifyPassword(actor.user.passwordHash, input.current_password ?? '');
    if (!ok)
      throw new AppError('INVALID_CREDENTIALS', CURRENT_PASSWORD_INCORRECT, {
        current_password: CURRENT_PASSWORD_INCORRECT,
      });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordPrompted: true, updatedAt: new Date() })
      .where(eq(users.id, actor.userId));
    await revokeUserSessions(tx, actor.userId, actor.sessionId);
  });
  return { message: PASSWORD_CHANGED };
}
