import { SIGNING_NOT_PDF } from '@charter/domain';
import { CONVERTIBLE_EXTENSIONS } from '../../adapters/office/office-pdf.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { PREVIEW_FAILED } from '../cabinet/previews.ts';

type FileRow = typeof files.$inferSelect;

const extensionOf = (filename: string) => filename.slice(filename.lastIndexOf('.') + 1).toLowerCase();

/**
 * The PDF a document is signed as: a PDF as it is; a Word (or other office) file converted by
 * LibreOffice once and kept beside it in the cabinet as a PDF of its own, so what is signed is fixed
 * from here on (its text tags are found in the PDF's text layer). Anything else cannot be signed.
 */
export async function pdfToSign(ctx: AppContext, tx: Tx, file: FileRow | null): Promise<FileRow> {
  if (!file) throw new AppError('VALIDATION_ERROR', SIGNING_NOT_PDF);
  if (file.contentType === 'application/pdf') return file;
  if (!CONVERTIBLE_EXTENSIONS.has(extensionOf(file.filename))) {
    throw new AppError('VALIDATION_ERROR', SIGNING_NOT_PDF);
  }
  // Converted here, not through previewPdf: that one writes outside the caller's transaction.
  if (!ctx.office && !file.previewKey) throw new AppError('PREVIEW_UNAVAILABLE', PREVIEW_FAILED);
  const pdf = file.previewKey
    ? await ctx.storage.get(file.previewKey)
    : await (ctx.office as NonNullable<AppContext['office']>).toPdf(
        await ctx.storage.get(file.storageKey),
        extensionOf(file.filename),
      );
  const stored = await ctx.storage.put(pdf);
  const [converted] = await tx
    .insert(files)
    .values({
      accountId: file.accountId,
      filename: `${file.filename.replace(/\.[^.]+$/, '')}.pdf`,
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
      folder: file.folder,
    })
    .returning();
  return converted;
}
