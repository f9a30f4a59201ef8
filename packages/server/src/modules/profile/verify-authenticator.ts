import { parseConfirmationCode, WRONG_CONFIRMATION_CODE } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authenticators } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { checkCode, consumeCode, findOpenCode } from '../auth/one-time-codes.ts';
import { authorizeSignInChange } from './policies.ts';
import { presentAuthenticator } from './presenters.ts';
import { findOwnAuthenticator } from './scope.ts';

/** PUT /api/user/settings/authenticators: the six-digit code mailed to an added address verifies it. */
export async function verifyAuthenticator(input: { db: Db; actor: UserActor; email: string; code: string }) {
  authorizeSignInChange(input.actor);
  const { db, actor, email, code } = input;
  const { user } = actor;
  const row = await findOwnAuthenticator(db, actor, sql`lower(${authenticators.value}) = lower(${email})`);
  if (row.verifiedAt) return presentAuthenticator(row);
  const digits = parseConfirmationCode(code);
  const open = await findOpenCode(db, user.id, 'authenticator', row.value);
  await checkCode(db, digits ? open : null, digits ?? '', WRONG_CONFIRMATION_CODE);
  return db.transaction(async (tx) => {
    await consumeCode(tx, open!.id);
    const [updated] = await tx
      .update(authenticators)
      .set({ verifiedAt: new Date() })
      .where(eq(authenticators.id, row.id))
      .returning();
    return presentAuthenticator(updated);
  });
}
