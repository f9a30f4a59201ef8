import {
  type AddRecipientBody,
  EMAIL_INVALID,
  isValidEmail,
  normalizeEmail,
  type RecipientView,
  SIGNING_NOT_DRAFT,
} from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { documentRecipients } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { DEFAULT_RECIPIENT_ROLE, presentRecipient } from './presenters.ts';
import { findDocument, lockDocument } from './scope.ts';

export const FILL_ALL_FIELDS = 'Please fill out all fields';
export const RECIPIENT_EXISTS = 'This person already receives the document.';

/** POST /api/account/document_history/email_recipient: name, email and role are all needed. */
export async function addRecipient(input: {
  tx: Tx;
  actor: MemberActor;
  input: AddRecipientBody;
}): Promise<RecipientView> {
  const { tx, actor } = input;
  const { document_id: documentId, metadata } = input.input;
  const email = normalizeEmail(input.input.email ?? '');
  const name = metadata?.name?.trim() ?? '';
  const role = metadata?.role?.trim() || DEFAULT_RECIPIENT_ROLE;
  if (!email || !name) throw new AppError('VALIDATION_ERROR', FILL_ALL_FIELDS);
  if (!isValidEmail(email)) throw invalid({ email: EMAIL_INVALID });
  await findDocument(tx, actor, documentId);
  // Locked like Send locks it: a recipient is never added to a document being sent.
  const document = await lockDocument(tx, documentId);
  // Who signs is fixed once the document is out for signature.
  if (document.signingState !== null && document.signingState !== 'draft') {
    throw new AppError('CONFLICT', SIGNING_NOT_DRAFT);
  }
  const party = metadata?.party?.trim() || null;
  const [row] = await tx
    .insert(documentRecipients)
    .values({
      accountId: actor.accountId,
      documentId,
      email,
      name,
      role,
      party,
      signingOrder: metadata?.order ?? 1,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', RECIPIENT_EXISTS);
  return presentRecipient(row);
}
