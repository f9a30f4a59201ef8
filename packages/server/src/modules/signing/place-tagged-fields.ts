import { PDF_UNREADABLE, type SigningField } from '@charter/domain';
import { missingPoppler } from '../../adapters/pdf/poppler.ts';
import { findTextTags } from '../../adapters/pdf/text-tags.ts';
import { isRefusedOrBusy } from '../../adapters/untrusted/pool.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentFields, type files } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { pagesOf } from './original-pages.ts';
import type { DocumentRow } from './scope.ts';

/** Inserts fields for a document, each for the recipient given or (null) for whoever takes its role. */
export async function insertFields(
  tx: Tx,
  document: DocumentRow,
  fields: (SigningField & { recipientId?: number | null })[],
) {
  if (fields.length === 0) return;
  await tx.insert(documentFields).values(
    fields.map((field) => ({
      accountId: document.accountId,
      documentId: document.id,
      recipientId: field.recipientId ?? null,
      kind: field.kind,
      role: field.role,
      page: field.page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      required: field.required,
    })),
  );
}

/** The text tags of a PDF ({{sign:Founder}}, {{date:Founder}}…) become the document's fields. */
export async function placeTaggedFields(
  ctx: AppContext,
  tx: Tx,
  document: DocumentRow,
  file: typeof files.$inferSelect,
) {
  await pagesOf(ctx, file);
  const tags = await findTextTags(await ctx.storage.get(file.storageKey)).catch((error: Error) => {
    // A missing pdftotext is the installation's fault (a 500 that says so); a refusal says which limit
    // the file passed; a full file queue asks to retry; anything else is the file's.
    if (error.message === missingPoppler('pdftotext').message || isRefusedOrBusy(error)) throw error;
    ctx.log.info({ err: error, fileId: file.id }, 'text tags could not be read');
    throw new AppError('VALIDATION_ERROR', PDF_UNREADABLE);
  });
  await insertFields(tx, document, tags);
}
