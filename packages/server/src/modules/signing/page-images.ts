import { renderPagePng } from '../../adapters/pdf/poppler.ts';
import type { AppContext } from '../../context.ts';
import type { files } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

type FileRow = typeof files.$inferSelect;

export const NO_SUCH_PAGE = 'This page does not exist.';

/** Recent page images (files never change): a page seen by several signers is drawn once. */
const drawn = new Map<string, Promise<Buffer>>();
const KEEP = 120;

/** A page of a stored PDF as a PNG of the width asked (one of PAGE_IMAGE_WIDTHS). */
export async function pageImage(
  ctx: AppContext,
  file: FileRow,
  pageCount: number,
  page: number,
  width: number,
) {
  if (page >= pageCount) throw new AppError('NOT_FOUND', NO_SUCH_PAGE);
  const key = `${file.id}:${page}:${width}`;
  let image = drawn.get(key);
  if (!image) {
    image = ctx.storage.get(file.storageKey).then((pdf) => renderPagePng(pdf, page, width));
    image.catch(() => drawn.delete(key));
    drawn.set(key, image);
    if (drawn.size > KEEP) drawn.delete(drawn.keys().next().value as string);
  }
  return image;
}
