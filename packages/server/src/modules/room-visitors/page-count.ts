import { and, eq, isNull } from 'drizzle-orm';
import { offThread } from '../../adapters/untrusted/pool.ts';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';

/**
 * Keeps a file's page count, read from the preview PDF a room is about to send (once per file: files never
 * change). Room analytics measure each visitor's completion against it, and the history refuses a page
 * past it. Read in the worker, as every parser of a file someone gave us (the signing pages' pageSizes task);
 * a PDF that cannot be read there leaves it unknown, and the preview is sent all the same.
 */
export async function rememberPageCount(
  ctx: AppContext,
  file: { id: number; pageCount: number | null },
  pdf: Uint8Array,
) {
  if (file.pageCount !== null) return;
  let count: number;
  try {
    count = (await offThread('pageSizes', [pdf])).length;
  } catch (error) {
    ctx.log.warn({ err: error, fileId: file.id }, 'page count not read');
    return;
  }
  await ctx.db
    .update(files)
    .set({ pageCount: count })
    .where(and(eq(files.id, file.id), isNull(files.pageCount)));
}
