import { APPROVED_FOR_SIGNATURE, NOTHING_TO_SIGN, SIGNING_NOT_DRAFT } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { authorizeSharing } from '../auth/policies.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { memberEventActor } from '../signing/people.ts';
import { findSigningDocument, recipientsOf } from '../signing/scope.ts';
import { sendForSignature } from '../signing/send-document.ts';
import { presentRedline } from './presenters.ts';

/**
 * POST /api/account/pandadoc/documents/{id}/approve: the current revision goes to its signers (the
 * signing module's send: links by email, the task 'Awaiting Signature').
 */
export async function approveForSignature(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  brand: MailBrand;
}) {
  const { ctx, tx, actor, brand } = input;
  authorizeSharing(actor);
  const document = await findSigningDocument(tx, actor, input.id, true);
  if (document.signingState === null) throw new AppError('VALIDATION_ERROR', NOTHING_TO_SIGN);
  if (document.signingState !== 'draft') throw new AppError('CONFLICT', SIGNING_NOT_DRAFT);
  const orders = new Set((await recipientsOf(tx, document.id)).map((r) => r.signingOrder));
  const sent = await sendForSignature({
    ctx,
    tx,
    document,
    options: { sequential: document.sequential || orders.size > 1, reminder_days: document.reminderDays },
    brand,
    by: { userId: actor.userId, actor: memberEventActor(actor) },
  });
  return { message: APPROVED_FOR_SIGNATURE, redline: await presentRedline(tx, sent) };
}
