import { SIGNING_NOT_DRAFT } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentRecipients } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { findDocument, findRecipient, lockDocument } from './scope.ts';

/** DELETE /api/account/document_history/email_recipient/{id} */
export async function removeRecipient({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  const recipient = await findRecipient(tx, actor, id);
  await findDocument(tx, actor, recipient.documentId);
  // Locked like Send locks it: a recipient who was just sent a link is never removed under it.
  const document = await lockDocument(tx, recipient.documentId);
  // A recipient of a document out for signature stays: void the document to change who signs.
  if (document.signingState !== null && document.signingState !== 'draft') {
    throw new AppError('CONFLICT', SIGNING_NOT_DRAFT);
  }
  await tx.delete(documentRecipients).where(eq(documentRecipients.id, id));
}
