import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { pagesOf } from './original-pages.ts';
import { pageImage } from './page-images.ts';
import { findSigningDocument, shownFileOf } from './scope.ts';
import { FILE_GONE } from './signer-files.ts';

/** GET /api/account/signing/documents/{id}/pages/{page}: a page for the field editor. */
export async function ownerPageImage(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  page: number;
  width: number;
}) {
  const { ctx, tx } = input;
  const document = await findSigningDocument(tx, input.actor, input.id);
  const file = await shownFileOf(tx, document);
  if (!file) throw new AppError('NOT_FOUND', FILE_GONE);
  return pageImage(ctx, file, (await pagesOf(ctx, file)).length, input.page, input.width);
}
