import { pageSizes } from '../../adapters/pdf/poppler.ts';
import type { AppContext } from '../../context.ts';
import type { files } from '../../db/schema/index.ts';

type FileRow = typeof files.$inferSelect;
type PageSize = { width: number; height: number };

/** Page sizes by file id: files never change, so what was measured once stays true (a small LRU). */
const measured = new Map<number, PageSize[]>();
const KEEP = 200;

/** Each page's size in points as it is shown (poppler.ts's pageSizes), measured once per file. */
export async function pagesOf(ctx: AppContext, file: FileRow): Promise<PageSize[]> {
  const known = measured.get(file.id);
  if (known) return known;
  const sizes = await pageSizes(await ctx.storage.get(file.storageKey));
  measured.set(file.id, sizes);
  if (measured.size > KEEP) measured.delete(measured.keys().next().value as number);
  return sizes;
}
