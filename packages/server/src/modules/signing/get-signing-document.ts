import type { SigningDocumentView } from '@charter/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentEvents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { pagesOf } from './original-pages.ts';
import { presentSigningDocument } from './presenters.ts';
import { type DocumentRow, fieldsOf, findSigningDocument, originalFileOf, recipientsOf } from './scope.ts';

/** A document as the owner's signing screens show it (recipients, fields, pages, history). */
export async function presentForOwner(
  ctx: AppContext,
  tx: Tx,
  document: DocumentRow,
): Promise<SigningDocumentView> {
  const file = await originalFileOf(tx, document);
  const pdf = file?.contentType === 'application/pdf';
  return presentSigningDocument({
    document,
    recipients: await recipientsOf(tx, document.id),
    fields: await fieldsOf(tx, document.id),
    // A file that cannot be read shows no pages (sending it is refused with why).
    pages: file && pdf ? await pagesOf(ctx, file).catch(() => []) : [],
    events: await tx
      .select()
      .from(documentEvents)
      .where(eq(documentEvents.documentId, document.id))
      .orderBy(asc(documentEvents.seq)),
  });
}

/** GET /api/account/signing/documents/{id} */
export async function getSigningDocument(input: { ctx: AppContext; tx: Tx; actor: MemberActor; id: number }) {
  const document = await findSigningDocument(input.tx, input.actor, input.id);
  return presentForOwner(input.ctx, input.tx, document);
}
