import { DOCUMENT_STATUS, SIGNING_ALREADY_DONE } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentRecipients, documents } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { announce, setTaskLabel } from '../workflows/announce-document.ts';
import { assertSignable } from './consent-to-sign.ts';
import { declinedEmail } from './emails.ts';
import { recipientEventActor, senderOf } from './people.ts';
import { recordDocumentEvent } from './record-document-event.ts';
import { findSigner, type SignerRequest } from './scope.ts';
import { signerViewOf } from './signer-view.ts';

/**
 * POST /api/public/sign/{token}/decline: a signer refuses, with a reason. The document stops (nobody
 * else can sign it), the sender is told by email and on their open pages.
 */
export async function declineDocument(input: {
  ctx: AppContext;
  tx: Tx;
  secret: string;
  request: SignerRequest;
  reason: string;
  brand: MailBrand;
}) {
  const { ctx, tx, reason } = input;
  const found = await findSigner(tx, input.secret, input.request, true);
  const { actor } = found;
  assertSignable(found.document);
  if (found.recipient.signedAt || found.document.signingState !== 'sent') {
    throw new AppError('CONFLICT', SIGNING_ALREADY_DONE);
  }
  const now = new Date();
  const [recipient] = await tx
    .update(documentRecipients)
    .set({ declinedAt: now, declineReason: reason })
    .where(eq(documentRecipients.id, found.recipient.id))
    .returning();
  const [document] = await tx
    .update(documents)
    .set({ signingState: 'declined', status: DOCUMENT_STATUS.DECLINED, updatedAt: now })
    .where(eq(documents.id, found.document.id))
    .returning();
  await recordDocumentEvent({
    tx,
    documentId: document.id,
    kind: 'declined',
    actor: recipientEventActor(recipient),
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: { reason },
  });
  await setTaskLabel(tx, document, 'Declined');
  // The sender, or for a document the workspace sent by itself its owner: never nobody (senderOf).
  const sender = await senderOf(tx, document);
  await ctx.mailer.send(tx, declinedEmail(sender.email, document.label, recipient.name, reason, input.brand));
  await announce(tx, document, {
    timeline: { label: 'Declined', description: `${recipient.name} declined to sign: ${reason}`, icon: 'x' },
    toast: `${recipient.name} declined to sign ${document.label}.`,
  });
  return signerViewOf(ctx, tx, document, recipient);
}
