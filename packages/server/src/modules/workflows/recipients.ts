import { EMAIL_INVALID, isValidEmail, normalizeEmail } from '@charter/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentRecipients, documents } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';

export const FILL_ALL_FIELDS = 'Please fill out all fields';
export const RECIPIENT_EXISTS = 'This person already receives the document.';
export const DEFAULT_RECIPIENT_ROLE = 'Signer';

type RecipientRow = typeof documentRecipients.$inferSelect;

const present = (row: RecipientRow) => {
  const [first, ...rest] = row.name.split(' ');
  return {
    id: row.id,
    document_id: row.documentId,
    email: row.email,
    first_name: first,
    last_name: rest.join(' '),
    signed: row.signed,
    signer: row.role === DEFAULT_RECIPIENT_ROLE,
    email_sent: false,
    metadata: { name: row.name, role: row.role },
  };
};

async function findDocument(tx: Tx, accountId: number, id: number) {
  const [row] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.accountId, accountId)));
  if (!row) throw notFound('Document not found');
  return row;
}

/** GET /api/account/document_history/{id}/email_recipient */
export async function listRecipients(tx: Tx, accountId: number, documentId: number) {
  await findDocument(tx, accountId, documentId);
  const rows = await tx
    .select()
    .from(documentRecipients)
    .where(eq(documentRecipients.documentId, documentId))
    .orderBy(asc(documentRecipients.id));
  return rows.map(present);
}

/** POST /api/account/document_history/email_recipient: name, email and role are all needed. */
export async function addRecipient(
  tx: Tx,
  accountId: number,
  input: { document_id: number; email?: string; metadata?: { name?: string; role?: string } },
) {
  const email = normalizeEmail(input.email ?? '');
  const name = input.metadata?.name?.trim() ?? '';
  const role = input.metadata?.role?.trim() || DEFAULT_RECIPIENT_ROLE;
  if (!email || !name) throw new AppError('VALIDATION_ERROR', FILL_ALL_FIELDS);
  if (!isValidEmail(email)) throw invalid({ email: EMAIL_INVALID });
  await findDocument(tx, accountId, input.document_id);
  const [row] = await tx
    .insert(documentRecipients)
    .values({ accountId, documentId: input.document_id, email, name, role })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', RECIPIENT_EXISTS);
  return present(row);
}

/** DELETE /api/account/document_history/email_recipient/{id} */
export async function removeRecipient(tx: Tx, accountId: number, id: number) {
  const removed = await tx
    .delete(documentRecipients)
    .where(and(eq(documentRecipients.id, id), eq(documentRecipients.accountId, accountId)))
    .returning({ id: documentRecipients.id });
  if (removed.length === 0) throw notFound('Recipient not found');
}
