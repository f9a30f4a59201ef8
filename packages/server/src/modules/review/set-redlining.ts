import { REDLINE_UNAVAILABLE, REDLINING_ALLOWED, REDLINING_DISABLED } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { findSigningDocument } from '../signing/scope.ts';
import { announce } from '../workflows/announce-document.ts';
import { currentRevisionOf } from './scope.ts';

/**
 * PATCH /api/account/pandadoc/documents/{id}/redline: reviewers may (or may no longer) propose text
 * changes. Only a document with a redline source (its task group has redline_available) can allow it.
 */
export async function setRedlining(input: { tx: Tx; actor: MemberActor; id: number; allowed: boolean }) {
  const { tx, actor, allowed } = input;
  const document = await findSigningDocument(tx, actor, input.id, true);
  if (!(await currentRevisionOf(tx, document.id))) throw new AppError('CONFLICT', REDLINE_UNAVAILABLE);
  const [updated] = await tx
    .update(documents)
    .set({ redliningAllowed: allowed, updatedAt: new Date() })
    .where(eq(documents.id, document.id))
    .returning();
  await announce(tx, updated, {});
  return { message: allowed ? REDLINING_ALLOWED : REDLINING_DISABLED };
}
