import { DOCUMENT_STATUS, SIGNING_NOT_PENDING } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { announce, setTaskLabel } from '../workflows/announce-document.ts';
import { voidedEmail } from './emails.ts';
import { presentForOwner } from './get-signing-document.ts';
import { memberEventActor, senderOf } from './people.ts';
import { recordDocumentEvent } from './record-document-event.ts';
import { findSigningDocument, recipientsOf } from './scope.ts';

/**
 * POST /api/account/signing/documents/{id}/void: a document waiting for signatures is withdrawn. Links
 * stop signing (they open on a notice), and everyone already asked is told.
 */
export async function voidDocument(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  brand: MailBrand;
}) {
  const { ctx, tx, actor, brand } = input;
  const document = await findSigningDocument(tx, actor, input.id, true);
  if (document.signingState !== 'sent' && document.signingState !== 'seal_failed') {
    throw new AppError('CONFLICT', SIGNING_NOT_PENDING);
  }
  const [voided] = await tx
    .update(documents)
    .set({ signingState: 'voided', status: DOCUMENT_STATUS.VOIDED, updatedAt: new Date() })
    .where(eq(documents.id, document.id))
    .returning();
  await recordDocumentEvent({ tx, documentId: document.id, kind: 'voided', actor: memberEventActor(actor) });
  await setTaskLabel(tx, voided, 'Voided');
  const sender = await senderOf(tx, voided);
  for (const recipient of await recipientsOf(tx, document.id)) {
    if (recipient.emailSentAt)
      await ctx.mailer.send(tx, voidedEmail(recipient.email, document.label, sender.name, brand));
  }
  await announce(tx, voided, {
    timeline: { label: 'Voided', description: `${document.label} was voided.`, icon: 'ban' },
  });
  return presentForOwner(ctx, tx, voided);
}
