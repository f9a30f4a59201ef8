import { and, eq, isNull } from 'drizzle-orm';
import { CONVERTIBLE_EXTENSIONS } from '../../adapters/office/office-pdf.ts';
import { isFileRefused } from '../../adapters/untrusted/refusal.ts';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

/** Spec 2 §8 and spec 3: what a preview that cannot be made says. */
export const PREVIEW_FAILED = 'Unable to preview file at this time.';

type FileRow = typeof files.$inferSelect;

const extensionOf = (filename: string) =>
  filename.includes('.') ? filename.slice(filename.lastIndexOf('.') + 1).toLowerCase() : '';

/** Conversions under way, by file id: two previews of one new file convert it once. */
const converting = new Map<number, Promise<Buffer>>();

/**
 * A file as PDF for the preview modal: a PDF as it is; an office file converted by LibreOffice the
 * first time and the PDF kept beside it (files never change, so it never goes stale); anything else,
 * or any file when no converter is installed, is refused with the spec's message.
 */
export async function previewPdf(ctx: AppContext, file: FileRow): Promise<Buffer> {
  if (file.contentType === 'application/pdf') return ctx.storage.get(file.storageKey);
  if (file.previewKey) return ctx.storage.get(file.previewKey);
  const extension = extensionOf(file.filename);
  if (!ctx.office || !CONVERTIBLE_EXTENSIONS.has(extension)) {
    throw new AppError('PREVIEW_UNAVAILABLE', PREVIEW_FAILED);
  }
  let pending = converting.get(file.id);
  if (!pending) {
    pending = convertAndKeep(ctx, file, extension).finally(() => converting.delete(file.id));
    converting.set(file.id, pending);
  }
  return pending;
}

async function convertAndKeep(ctx: AppContext, file: FileRow, extension: string) {
  const office = ctx.office as NonNullable<AppContext['office']>;
  let pdf: Buffer;
  try {
    pdf = await office.toPdf(await ctx.storage.get(file.storageKey), extension);
  } catch (error) {
    ctx.log.warn({ err: error, fileId: file.id }, 'preview conversion failed');
    if (isFileRefused(error)) throw error;
    throw new AppError('PREVIEW_UNAVAILABLE', PREVIEW_FAILED);
  }
  const stored = await ctx.storage.put(pdf);
  // Another server may have kept its own conversion first: then this one is dropped.
  const kept = await ctx.db
    .update(files)
    .set({ previewKey: stored.key })
    .where(and(eq(files.id, file.id), isNull(files.previewKey)))
    .returning({ id: files.id });
  if (kept.length === 0) await ctx.storage.remove(stored.key).catch(() => undefined);
  return pdf;
}

/** Removes a deleted file's bytes and its preview; failures leave unreachable bytes, logged. */
export async function removeFileBytes(ctx: AppContext, file: Pick<FileRow, 'storageKey' | 'previewKey'>) {
  for (const key of [file.storageKey, file.previewKey]) {
    if (!key) continue;
    await ctx.storage
      .remove(key)
      .catch((error) => ctx.log.warn({ err: error, key }, 'file bytes not removed'));
  }
}
