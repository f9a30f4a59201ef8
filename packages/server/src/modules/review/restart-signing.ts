import type { SigningField } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  type DocumentEventActor,
  documentFields,
  documentRecipients,
  documents,
} from '../../db/schema/index.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { voidedEmail } from '../signing/emails.ts';
import { senderOf } from '../signing/people.ts';
import { insertFields } from '../signing/place-tagged-fields.ts';
import { recordDocumentEvent } from '../signing/record-document-event.ts';
import { type DocumentRow, recipientsOf } from '../signing/scope.ts';

/**
 * A revised document to sign starts its signing again: the signatures, links and views of the earlier
 * revision no longer count (its signers are told if they had been asked), the new revision's fields
 * replace the old ones, and the recipients stay. The history records the revision.
 */
export async function restartSigning(input: {
  ctx: AppContext;
  tx: Tx;
  document: DocumentRow;
  fields: SigningField[];
  brand: MailBrand;
  by: DocumentEventActor;
  details: Record<string, unknown>;
}) {
  const { ctx, tx, document } = input;
  const recipients = await recipientsOf(tx, document.id);
  const wasOut = document.signingState !== 'draft';
  const voided = recipients.filter((r) => r.signed).map((r) => r.email);
  const sender = await senderOf(tx, document);
  for (const recipient of recipients) {
    if (wasOut && recipient.emailSentAt) {
      await ctx.mailer.send(tx, voidedEmail(recipient.email, document.label, sender.name, input.brand));
    }
  }
  await tx
    .update(documentRecipients)
    .set({
      signed: false,
      signedAt: null,
      signedIp: null,
      signedUserAgent: null,
      signatureKey: null,
      initialsKey: null,
      linkHash: null,
      linkExpiresAt: null,
      emailSentAt: null,
      remindedAt: null,
      viewedAt: null,
      consentedAt: null,
      declinedAt: null,
      declineReason: null,
    })
    .where(eq(documentRecipients.documentId, document.id));
  await tx.delete(documentFields).where(eq(documentFields.documentId, document.id));
  const byParty = (role: string) =>
    recipients.find((r) => r.party && r.party.toLowerCase() === role.toLowerCase())?.id ?? null;
  await insertFields(
    tx,
    document,
    input.fields.map((field) => ({ ...field, recipientId: byParty(field.role) })),
  );
  await tx
    .update(documents)
    .set({ signingState: 'draft', sentAt: null, sealError: null })
    .where(eq(documents.id, document.id));
  await recordDocumentEvent({
    tx,
    documentId: document.id,
    kind: 'revised',
    actor: input.by,
    details: { ...input.details, voided_signatures: voided },
  });
}
