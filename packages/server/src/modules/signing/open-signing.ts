import { DOCUMENT_STATUS } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentRecipients, documents } from '../../db/schema/index.ts';
import { announce } from '../workflows/announce-document.ts';
import { recipientEventActor } from './people.ts';
import { recordDocumentEvent } from './record-document-event.ts';
import { findSigner, type SignerRequest } from './scope.ts';
import { signerViewOf } from './signer-view.ts';

/**
 * POST /api/public/sign/{token}/open: the signing page's first call. The first opening while the
 * document waits marks the recipient (and the document) Viewed, with when, from where and with what.
 */
export async function openSigning(input: {
  ctx: AppContext;
  tx: Tx;
  secret: string;
  request: SignerRequest;
}) {
  const { ctx, tx } = input;
  let { actor, recipient, document } = await findSigner(tx, input.secret, input.request, true);
  if (document.signingState === 'sent' && recipient.viewedAt === null) {
    const now = new Date();
    [recipient] = await tx
      .update(documentRecipients)
      .set({ viewedAt: now })
      .where(eq(documentRecipients.id, recipient.id))
      .returning();
    if (document.status === DOCUMENT_STATUS.SENT) {
      [document] = await tx
        .update(documents)
        .set({ status: DOCUMENT_STATUS.VIEWED, updatedAt: now })
        .where(eq(documents.id, document.id))
        .returning();
    }
    await recordDocumentEvent({
      tx,
      documentId: document.id,
      kind: 'viewed',
      actor: recipientEventActor(recipient),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    await announce(tx, document, {});
  }
  return signerViewOf(ctx, tx, document, recipient);
}
