import { and, eq, isNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';

/**
 * Keeps a file's page count, read from the preview PDF a room is about to send (once per file: files never
 * change). Room analytics measure each visitor's completion against it, and the history refuses a page
 * past it. A PDF that cannot be read leaves it unknown; the preview is sent all the same.
 */
export async function rememberPageCount(
  ctx: AppContext,
  file: { id: number; pageCount: number | null },
  pdf: Uint8Array,
) {
  if (file.pageCount !== null) return;
  let count: number;
  try {
    const parsed = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false });
    count = parsed.getPageCount();
  } catch (error) {
    ctx.log.warn({ err: error, fileId: file.id }, 'page count not read');
    return;
  }
  await ctx.db
    .update(files)
    .set({ pageCount: count })
    .where(and(eq(files.id, file.id), isNull(files.pageCount)));
}
