import { parseConfirmationCode, WRONG_CONFIRMATION_CODE } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { checkCode, consumeCode, findOpenCode } from './one-time-codes.ts';

/** GET /api/user/confirm/{code}: the code as the page shows it, '123-456'. */
export async function confirmEmail({ db, actor, code }: { db: Db; actor: UserActor; code: string }) {
  const { user } = actor;
  if (user.emailVerifiedAt) return;
  const digits = parseConfirmationCode(code);
  if (!digits) throw new AppError('E_CODE_INVALID', WRONG_CONFIRMATION_CODE);
  const row = await findOpenCode(db, user.id, 'confirm_email', user.email);
  await checkCode(db, row, digits, WRONG_CONFIRMATION_CODE);
  await db.transaction(async (tx) => {
    await consumeCode(tx, row!.id);
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id));
  });
}
