import type { SigningDocumentView } from '@charter/domain';
import { asc, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentEvents, files } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { pagesOf } from './original-pages.ts';
import { presentSigningDocument } from './presenters.ts';
import { type DocumentRow, fieldsOf, findSigningDocument, recipientsOf, shownFileIdOf } from './scope.ts';

/** A document as the owner's signing screens show it (recipients, fields, the pages of what it shows, history). */
export async function presentForOwner(ctx: AppContext, tx: Tx, document: DocumentRow) {
  const [view] = await presentAllForOwner(ctx, tx, [document]);
  return view;
}

/**
 * Documents as the owner's screens show them, in a constant number of queries however many there are
 * (the list route shows up to 50): recipients, fields, history and files each read once for all.
 */
export async function presentAllForOwner(
  ctx: AppContext,
  tx: Tx,
  rows: DocumentRow[],
): Promise<SigningDocumentView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((d) => d.id);
  // Once sealed, the owner sees the sealed final (signatures stamped, certificate page), not the original.
  const fileIds = rows.map(shownFileIdOf).filter((id): id is number => id !== null);
  // One after another: they share the transaction's one connection.
  const recipients = await recipientsOf(tx, ids);
  const fields = await fieldsOf(tx, ids);
  const events = await tx
    .select()
    .from(documentEvents)
    .where(inArray(documentEvents.documentId, ids))
    .orderBy(asc(documentEvents.seq));
  const shown = fileIds.length ? await tx.select().from(files).where(inArray(files.id, fileIds)) : [];
  const of = <T extends { documentId: number }>(list: T[], id: number) =>
    list.filter((r) => r.documentId === id);
  const views: SigningDocumentView[] = [];
  for (const document of rows) {
    const file = shown.find((f) => f.id === shownFileIdOf(document));
    views.push(
      presentSigningDocument({
        document,
        recipients: of(recipients, document.id),
        fields: of(fields, document.id),
        // A file that cannot be read shows no pages (sending it is refused with why).
        pages: file?.contentType === 'application/pdf' ? await pagesOf(ctx, file).catch(() => []) : [],
        events: of(events, document.id),
      }),
    );
  }
  return views;
}

/** GET /api/account/signing/documents/{id} */
export async function getSigningDocument(input: { ctx: AppContext; tx: Tx; actor: MemberActor; id: number }) {
  const document = await findSigningDocument(input.tx, input.actor, input.id);
  return presentForOwner(input.ctx, input.tx, document);
}
