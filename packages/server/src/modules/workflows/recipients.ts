import { EMAIL_INVALID, isValidEmail, normalizeEmail } from '@charter/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { documentRecipients, documents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { visibleDocuments } from './policies.ts';

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

const findDocument = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, documents, actor, id, { visible: visibleDocuments(actor), what: 'Document not found' });

type RecipientInput = { tx: Tx; actor: MemberActor; id: number };

/** GET /api/account/document_history/{id}/email_recipient */
export async function listRecipients({ tx, actor, id }: RecipientInput) {
  await findDocument(tx, actor, id);
  const rows = await tx
    .select()
    .from(documentRecipients)
    .where(eq(documentRecipients.documentId, id))
    .orderBy(asc(documentRecipients.id));
  return rows.map(present);
}

/** POST /api/account/document_history/email_recipient: name, email and role are all needed. */
export async function addRecipient({
  tx,
  actor,
  input,
}: {
  tx: Tx;
  actor: MemberActor;
  input: { document_id: number; email?: string; metadata?: { name?: string; role?: string } };
}) {
  const email = normalizeEmail(input.email ?? '');
  const name = input.metadata?.name?.trim() ?? '';
  const role = input.metadata?.role?.trim() || DEFAULT_RECIPIENT_ROLE;
  if (!email || !name) throw new AppError('VALIDATION_ERROR', FILL_ALL_FIELDS);
  if (!isValidEmail(email)) throw invalid({ email: EMAIL_INVALID });
  await findDocument(tx, actor, input.document_id);
  const [row] = await tx
    .insert(documentRecipients)
    .values({ accountId: actor.accountId, documentId: input.document_id, email, name, role })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', RECIPIENT_EXISTS);
  return present(row);
}

/** DELETE /api/account/document_history/email_recipient/{id} */
export async function removeRecipient({ tx, actor, id }: RecipientInput) {
  const recipient = await findOwned(tx, documentRecipients, actor, id, { what: 'Recipient not found' });
  await findDocument(tx, actor, recipient.documentId);
  await tx.delete(documentRecipients).where(eq(documentRecipients.id, id));
}
