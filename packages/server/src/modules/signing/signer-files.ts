import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { pagesOf } from './original-pages.ts';
import { pageImage } from './page-images.ts';
import { findSigner, type SignerRequest, shownFileOf } from './scope.ts';

export const FILE_GONE = 'The document file is no longer available.';

/** The PDF a signer may always download (UETA §8): what they sign, then the sealed final. */
export async function signerDocument(input: {
  ctx: AppContext;
  tx: Tx;
  secret: string;
  request: SignerRequest;
}) {
  const { document } = await findSigner(input.tx, input.secret, input.request);
  const file = await shownFileOf(input.tx, document);
  if (!file) throw new AppError('NOT_FOUND', FILE_GONE);
  return { file, bytes: await input.ctx.storage.get(file.storageKey) };
}

/** A page of what the signer sees, as an image for the signing page. */
export async function signerPageImage(input: {
  ctx: AppContext;
  tx: Tx;
  secret: string;
  request: SignerRequest;
  page: number;
  width: number;
}) {
  const { ctx, tx } = input;
  const { document } = await findSigner(tx, input.secret, input.request);
  const file = await shownFileOf(tx, document);
  if (!file) throw new AppError('NOT_FOUND', FILE_GONE);
  return pageImage(ctx, file, (await pagesOf(ctx, file)).length, input.page, input.width);
}
