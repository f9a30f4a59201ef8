import {
  applyChanges,
  DOCUMENT_SIGNED_LOCKED,
  DOCUMENT_STATUS,
  NO_ACCEPTED_SUGGESTIONS,
  REDLINE_UNAVAILABLE,
  SUGGESTION_QUOTE_CHANGED,
  SUGGESTIONS_APPROVED,
  SUGGESTIONS_OVERLAP,
} from '@charter/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { markdownToPdf } from '../../adapters/pdf/markdown-pdf.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documentRevisions, documentSuggestions, documents, files } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { memberEventActor } from '../signing/people.ts';
import { type DocumentRow, findSigningDocument, originalFileOf } from '../signing/scope.ts';
import { announce, setTaskLabel } from '../workflows/announce-document.ts';
import { presentRedline } from './presenters.ts';
import { restartSigning } from './restart-signing.ts';
import { currentRevisionOf, suggestionsOf } from './scope.ts';

/** Signing states in which the document is signed by everyone (or being sealed): no more revisions. */
const FINISHED = new Set(['sealing', 'completed']);

/**
 * POST /api/account/pandadoc/documents/{id}/redline: the accepted suggestions of the current revision
 * apply (in order, none overlapping) to make the next revision: its Markdown, its PDF (a new file),
 * and, for a document to sign, its fields. Signatures of the earlier revision no longer count.
 */
export async function approveSuggestions(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  brand: MailBrand;
}) {
  const { ctx, tx, actor } = input;
  const document = await findSigningDocument(tx, actor, input.id, true);
  const revision = await currentRevisionOf(tx, document.id);
  if (!revision) throw new AppError('CONFLICT', REDLINE_UNAVAILABLE);
  if (document.signingState && FINISHED.has(document.signingState)) {
    throw new AppError('CONFLICT', DOCUMENT_SIGNED_LOCKED);
  }
  const open = (await suggestionsOf(tx, document.id)).filter((s) => s.revision === revision.revision);
  const accepted = open.filter((s) => s.status === 'accepted');
  if (!accepted.some((s) => s.kind !== 'comment')) {
    throw new AppError('VALIDATION_ERROR', NO_ACCEPTED_SUGGESTIONS);
  }
  const applied = applyChanges(
    revision.markdown,
    accepted.map((s) => ({ ...s, start: s.start ?? 0, end: s.end ?? 0 })),
  );
  if (!applied.ok) {
    throw new AppError(
      'VALIDATION_ERROR',
      applied.reason === 'overlap' ? SUGGESTIONS_OVERLAP : SUGGESTION_QUOTE_CHANGED,
    );
  }
  const next = revision.revision + 1;
  const rendered = await markdownToPdf(applied.text, { title: document.label });
  const file = await storeRevisionFile(ctx, tx, document, actor, rendered.bytes);
  await tx.insert(documentRevisions).values({
    accountId: document.accountId,
    documentId: document.id,
    revision: next,
    markdown: applied.text,
    fileId: file.id,
  });
  const now = new Date();
  await tx
    .update(documentSuggestions)
    .set({ status: 'applied', decidedAt: now })
    .where(
      inArray(
        documentSuggestions.id,
        accepted.map((s) => s.id),
      ),
    );
  const stale = open.filter((s) => s.status === 'pending').map((s) => s.id);
  if (stale.length > 0) {
    await tx
      .update(documentSuggestions)
      .set({ status: 'outdated' })
      .where(and(eq(documentSuggestions.documentId, document.id), inArray(documentSuggestions.id, stale)));
  }
  const forSigning = document.signingState !== null;
  const [revised] = await tx
    .update(documents)
    .set({
      revisionCount: next,
      status: DOCUMENT_STATUS.WAITING_APPROVAL,
      fileId: forSigning ? null : file.id,
      originalFileId: forSigning ? file.id : document.originalFileId,
      completedAt: null,
      updatedAt: now,
    })
    .where(eq(documents.id, document.id))
    .returning();
  if (forSigning) {
    await restartSigning({
      ctx,
      tx,
      document: revised,
      fields: rendered.fields,
      brand: input.brand,
      by: memberEventActor(actor),
      details: { revision: next, sha256: file.sha256 },
    });
  }
  // The task shows 'Awaiting Approval' from its revision count (domain statuses.ts).
  await setTaskLabel(tx, revised, null);
  await announce(tx, revised, {
    timeline: {
      label: 'Suggestions approved',
      description: `${document.label}: revision ${next} with ${accepted.length} change(s).`,
      icon: 'edit',
    },
  });
  return { message: SUGGESTIONS_APPROVED, redline: await presentRedline(tx, revised) };
}

/** The new revision's PDF, beside the previous one in the cabinet (written before the row naming it). */
async function storeRevisionFile(
  ctx: AppContext,
  tx: Tx,
  document: DocumentRow,
  actor: MemberActor,
  bytes: Uint8Array,
) {
  const previous = await originalFileOf(tx, document);
  const stored = await ctx.storage.put(bytes);
  const [file] = await tx
    .insert(files)
    .values({
      accountId: document.accountId,
      filename: document.filename,
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
      folder: previous?.folder ?? '/',
      createdBy: actor.userId,
    })
    .returning();
  return file;
}
