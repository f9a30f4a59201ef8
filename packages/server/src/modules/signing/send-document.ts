import {
  countOf,
  DOCUMENT_STATUS,
  SIGNING_FIELD_WITHOUT_SIGNER,
  SIGNING_NO_SIGNERS,
  SIGNING_NOT_DRAFT,
  SIGNING_NOT_PDF,
  SIGNING_SIGNER_WITHOUT_FIELD,
  signsOrApproves,
} from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type DocumentEventActor, documentFields, documents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { authorizeSharing } from '../auth/policies.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { announce, setTaskLabel } from '../workflows/announce-document.ts';
import { presentForOwner } from './get-signing-document.ts';
import { memberEventActor, senderOf } from './people.ts';
import { recordDocumentEvent } from './record-document-event.ts';
import {
  type DocumentRow,
  fieldsOf,
  findSigningDocument,
  originalFileOf,
  type RecipientRow,
  recipientsOf,
} from './scope.ts';
import { sendLinks } from './send-links.ts';
import { turnOf } from './turns.ts';

export type SendOptions = { sequential: boolean; reminder_days: number | null };

/**
 * Sends a draft for signature: every field goes to a recipient (by id, or by its role matching a
 * recipient's party), every signer has a signature to give, and those whose turn it is get their link.
 * From here on the original is fixed (box_file_id waits for the sealed final).
 */
export async function sendForSignature(input: {
  ctx: AppContext;
  tx: Tx;
  document: DocumentRow;
  options: SendOptions;
  brand: MailBrand;
  /** Who sends it: the member, or the finalize that asked for it (auto_send) by the user's id. */
  by: { userId: number | null; actor: DocumentEventActor };
  /** Hands each link to the caller instead of emailing it (see sendLinks). */
  deliver?: (recipient: RecipientRow, link: string) => void;
}) {
  const { ctx, tx, options, brand } = input;
  const document = input.document;
  if (document.signingState !== 'draft') throw new AppError('CONFLICT', SIGNING_NOT_DRAFT);
  const file = await originalFileOf(tx, document);
  if (file?.contentType !== 'application/pdf') throw new AppError('VALIDATION_ERROR', SIGNING_NOT_PDF);
  const recipients = await recipientsOf(tx, document.id);
  const signers = recipients.filter((r) => signsOrApproves(r.role));
  if (signers.length === 0) throw new AppError('VALIDATION_ERROR', SIGNING_NO_SIGNERS);
  const fields = await fieldsOf(tx, document.id);
  const owners = new Map<number, number>();
  for (const field of fields) {
    const owner =
      field.recipientId ??
      signers.find((r) => r.party && r.party.toLowerCase() === field.role.toLowerCase())?.id;
    if (owner === undefined) throw new AppError('VALIDATION_ERROR', SIGNING_FIELD_WITHOUT_SIGNER);
    owners.set(field.id, owner);
    if (field.recipientId === null) {
      await tx.update(documentFields).set({ recipientId: owner }).where(eq(documentFields.id, field.id));
    }
  }
  for (const signer of signers.filter((r) => r.role === 'Signer')) {
    const signs = fields.some((f) => f.kind === 'signature' && owners.get(f.id) === signer.id);
    if (!signs) {
      throw new AppError('VALIDATION_ERROR', SIGNING_SIGNER_WITHOUT_FIELD.replace('{name}', signer.name));
    }
  }
  const now = new Date();
  const [sent] = await tx
    .update(documents)
    .set({
      originalFileId: file.id,
      fileId: null,
      signingState: 'sent',
      status: DOCUMENT_STATUS.SENT,
      sequential: options.sequential,
      reminderDays: options.reminder_days,
      sentBy: input.by.userId ?? document.sentBy,
      sentAt: now,
      updatedAt: now,
    })
    .where(eq(documents.id, document.id))
    .returning();
  const by = input.by.actor;
  await recordDocumentEvent({
    tx,
    documentId: document.id,
    kind: 'sent',
    actor: by,
    details: { original_sha256: file.sha256, sequential: options.sequential, recipients: recipients.length },
  });
  await setTaskLabel(tx, sent, 'Awaiting Signature');
  const sender = await senderOf(tx, sent);
  const next = turnOf(sent, recipients);
  await sendLinks({ ctx, tx, document: sent, recipients: next, brand, sender, by, deliver: input.deliver });
  await announce(tx, sent, {
    timeline: {
      label: 'Sent for signature',
      description: `${document.label} was sent to ${countOf(signers.length, 'signer')}.`,
      icon: 'send',
    },
  });
  return sent;
}

/** POST /api/account/signing/documents/{id}/send: 'Link Sent'. */
export async function sendDocument(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  options: SendOptions;
  brand: MailBrand;
}) {
  authorizeSharing(input.actor);
  const document = await findSigningDocument(input.tx, input.actor, input.id, true);
  const by = { userId: input.actor.userId, actor: memberEventActor(input.actor) };
  const sent = await sendForSignature({ ...input, document, by });
  return presentForOwner(input.ctx, input.tx, sent);
}
