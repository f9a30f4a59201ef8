import { SIGNING_LINK_EXPIRED, SIGNING_LINK_INVALID } from '@charter/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentFields, documentRecipients, documents, files } from '../../db/schema/index.ts';
import type { MemberActor, SignerActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { findDocument, lockDocument } from '../workflows/scope.ts';
import { hashLinkSecret } from './links.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type RecipientRow = typeof documentRecipients.$inferSelect;
export type FieldRow = typeof documentFields.$inferSelect;

/** A document the member may see, locked for the rest of the transaction when `lock` is set. */
export async function findSigningDocument(tx: Tx, actor: MemberActor, id: number, lock = false) {
  const document = await findDocument(tx, actor, id);
  return lock ? lockDocument(tx, id) : document;
}

/** A document's recipients in signing order (or several documents', one query for all). */
export const recipientsOf = (tx: Tx, documentId: number | number[]) =>
  tx
    .select()
    .from(documentRecipients)
    .where(
      Array.isArray(documentId)
        ? inArray(documentRecipients.documentId, documentId)
        : eq(documentRecipients.documentId, documentId),
    )
    .orderBy(asc(documentRecipients.signingOrder), asc(documentRecipients.id));

/** A document's fields in reading order (or several documents', one query for all). */
export const fieldsOf = (tx: Tx, documentId: number | number[]) =>
  tx
    .select()
    .from(documentFields)
    .where(
      Array.isArray(documentId)
        ? inArray(documentFields.documentId, documentId)
        : eq(documentFields.documentId, documentId),
    )
    .orderBy(asc(documentFields.page), asc(documentFields.y), asc(documentFields.x), asc(documentFields.id));

/** The file being signed: the original once signing started, the document's file before. */
export async function originalFileOf(tx: Tx, document: DocumentRow) {
  const id = document.originalFileId ?? document.fileId;
  if (id === null) return null;
  const [file] = await tx.select().from(files).where(eq(files.id, id));
  return file ?? null;
}

/** Whether the document's own file is its sealed final (signing is over and sealed). */
export const isSealed = (document: Pick<DocumentRow, 'signingState' | 'fileId'>) =>
  document.signingState === 'completed' && document.fileId !== null;

/**
 * The id of what signers and the owner's page see: the sealed final once there is one, the original
 * before.
 */
export const shownFileIdOf = (document: Pick<DocumentRow, 'signingState' | 'fileId' | 'originalFileId'>) =>
  isSealed(document) ? document.fileId : (document.originalFileId ?? document.fileId);

/** What a signer sees and downloads: the sealed final once there is one, the original before. */
export async function shownFileOf(tx: Tx, document: DocumentRow) {
  if (isSealed(document)) {
    const [file] = await tx
      .select()
      .from(files)
      .where(eq(files.id, document.fileId as number));
    if (file) return file;
  }
  return originalFileOf(tx, document);
}

/**
 * The recipient and document a signing link's secret names, the document locked when `lock` is set.
 * Nothing in the request but the secret decides which document this is. A link past its date answers
 * 410 while the document waits for signatures; once the document is finished it still opens, so its
 * signer can always download what they signed.
 */
/** Where a signer's request came from (the client's IP as TRUST_PROXY decides, and its user agent). */
export type SignerRequest = { ip: string; userAgent: string | null };

export async function findSigner(tx: Tx, secret: string, request: SignerRequest, lock = false) {
  const [row] = await tx
    .select({ recipient: documentRecipients })
    .from(documentRecipients)
    .where(eq(documentRecipients.linkHash, hashLinkSecret(secret)));
  if (!row) throw new AppError('NOT_FOUND', SIGNING_LINK_INVALID);
  let { recipient } = row;
  const query = tx.select().from(documents).where(eq(documents.id, recipient.documentId));
  const [document] = lock ? await query.for('update') : await query;
  if (lock) {
    // Read again under the document's lock: a concurrent sign or resend may have changed the row.
    [recipient] = await tx.select().from(documentRecipients).where(eq(documentRecipients.id, recipient.id));
    if (recipient?.linkHash !== hashLinkSecret(secret)) throw new AppError('NOT_FOUND', SIGNING_LINK_INVALID);
  }
  if (!document?.signingState) throw new AppError('NOT_FOUND', SIGNING_LINK_INVALID);
  const waiting = document.signingState === 'sent';
  if (waiting && recipient.linkExpiresAt && recipient.linkExpiresAt.getTime() < Date.now()) {
    throw new AppError('GONE', SIGNING_LINK_EXPIRED);
  }
  const actor: SignerActor = {
    kind: 'signer',
    recipientId: recipient.id,
    documentId: document.id,
    accountId: document.accountId,
    ip: request.ip,
    userAgent: request.userAgent,
  };
  return { actor, recipient, document };
}
