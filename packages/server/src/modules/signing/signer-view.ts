import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { pagesOf } from './original-pages.ts';
import { senderOf } from './people.ts';
import { presentSignerView } from './presenters.ts';
import { type DocumentRow, fieldsOf, type RecipientRow, recipientsOf, shownFileOf } from './scope.ts';

/** The signing page's view of a document for one recipient. */
export async function signerViewOf(ctx: AppContext, tx: Tx, document: DocumentRow, recipient: RecipientRow) {
  const file = await shownFileOf(tx, document);
  return presentSignerView({
    document,
    recipient,
    recipients: await recipientsOf(tx, document.id),
    fields: await fieldsOf(tx, document.id),
    pages: file ? await pagesOf(ctx, file) : [],
    sender: await senderOf(tx, document),
  });
}
