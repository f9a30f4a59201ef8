import { SIGNING_NOT_PENDING } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { presentForOwner } from './get-signing-document.ts';
import { findSigningDocument } from './scope.ts';
import { queueSeal } from './seal-job.ts';

/** POST /api/account/signing/documents/{id}/seal: a seal that failed for good is tried again. */
export async function retrySeal(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  brand: MailBrand;
}) {
  const { ctx, tx } = input;
  const document = await findSigningDocument(tx, input.actor, input.id, true);
  if (document.signingState !== 'seal_failed') throw new AppError('CONFLICT', SIGNING_NOT_PENDING);
  const [sealing] = await tx
    .update(documents)
    .set({ signingState: 'sealing', sealError: null, updatedAt: new Date() })
    .where(eq(documents.id, document.id))
    .returning();
  await queueSeal(ctx, tx, sealing.id, input.brand);
  return presentForOwner(ctx, tx, sealing);
}
