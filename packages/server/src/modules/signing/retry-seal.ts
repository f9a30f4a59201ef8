import { SIGNING_NOT_PENDING } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { presentForOwner } from './get-signing-document.ts';
import { findSigningDocument } from './scope.ts';
import { queueSeal, reopenSeal } from './seal-job.ts';

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
  const sealing = await reopenSeal(tx, document.id);
  if (!sealing) throw new AppError('CONFLICT', SIGNING_NOT_PENDING);
  await queueSeal(ctx, tx, sealing.id, input.brand);
  return presentForOwner(ctx, tx, sealing);
}
