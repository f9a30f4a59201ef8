import { type PlacedField, SIGNING_FIELD_WITHOUT_SIGNER, SIGNING_NOT_DRAFT } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentFields } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { presentForOwner } from './get-signing-document.ts';
import { pagesOf } from './original-pages.ts';
import { insertFields } from './place-tagged-fields.ts';
import { findSigningDocument, originalFileOf, recipientsOf } from './scope.ts';

export const FIELD_OFF_PAGE = 'A field lies outside the pages of the document.';

/**
 * PUT /api/account/signing/documents/{id}/fields: the field editor's whole set replaces the draft's.
 * Each field belongs to a recipient of this document (or to a role someone may take later).
 */
export async function saveFields(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  fields: PlacedField[];
}) {
  const { ctx, tx, actor } = input;
  const document = await findSigningDocument(tx, actor, input.id, true);
  if (document.signingState !== 'draft') throw new AppError('CONFLICT', SIGNING_NOT_DRAFT);
  const recipients = new Set((await recipientsOf(tx, document.id)).map((r) => r.id));
  const file = await originalFileOf(tx, document);
  const pages = file ? await pagesOf(ctx, file) : [];
  for (const field of input.fields) {
    if (field.recipient_id !== null && !recipients.has(field.recipient_id)) {
      throw new AppError('VALIDATION_ERROR', SIGNING_FIELD_WITHOUT_SIGNER);
    }
    const page = pages[field.page];
    if (!page || field.x + field.width > page.width + 1 || field.y + field.height > page.height + 1) {
      throw new AppError('VALIDATION_ERROR', FIELD_OFF_PAGE);
    }
  }
  await tx.delete(documentFields).where(eq(documentFields.documentId, document.id));
  await insertFields(
    tx,
    document,
    input.fields.map((field) => ({ ...field, recipientId: field.recipient_id })),
  );
  return presentForOwner(ctx, tx, document);
}
