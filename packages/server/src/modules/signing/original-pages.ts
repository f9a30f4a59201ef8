import { PDF_UNREADABLE } from '@charter/domain';
import { isRefusedOrBusy, offThread } from '../../adapters/untrusted/pool.ts';
import type { AppContext } from '../../context.ts';
import type { files } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

type FileRow = typeof files.$inferSelect;
type PageSize = { width: number; height: number };

/** Page sizes by file id: files never change, so what was measured once stays true (a small LRU). */
const measured = new Map<number, PageSize[]>();
const KEEP = 200;

/**
 * Each page's size in points as it is shown (poppler.ts's pageSizes), measured once per file, in the
 * worker. A file pdf-lib cannot read, or one without pages, cannot be signed: a 400 with PDF_UNREADABLE;
 * one past the limits it is read within is refused (422 FILE_TOO_COMPLEX).
 */
export async function pagesOf(ctx: AppContext, file: FileRow): Promise<PageSize[]> {
  const known = measured.get(file.id);
  if (known) return known;
  const sizes = await offThread('pageSizes', [await ctx.storage.get(file.storageKey)]).catch((error) => {
    if (isRefusedOrBusy(error)) throw error;
    return [];
  });
  if (sizes.length === 0) throw new AppError('VALIDATION_ERROR', PDF_UNREADABLE);
  measured.set(file.id, sizes);
  if (measured.size > KEEP) measured.delete(measured.keys().next().value as number);
  return sizes;
}
