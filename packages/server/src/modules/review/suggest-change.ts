import {
  DOCUMENT_SIGNED_LOCKED,
  quoteMatches,
  REDLINE_UNAVAILABLE,
  REDLINING_OFF,
  SUGGESTION_EMPTY,
  SUGGESTION_OUTDATED,
  SUGGESTION_QUOTE_CHANGED,
  SUGGESTION_SIGNING_TAG,
  type SuggestBody,
  signingTagsIn,
} from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { documentSuggestions } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { announce } from '../workflows/announce-document.ts';
import { refreshReviewLabel } from './review-labels.ts';
import { presentReviewerPage } from './reviewer-page.ts';
import { currentRevisionOf, findReviewer } from './scope.ts';

const FINISHED = new Set(['sealing', 'completed']);

/** Whether the change says anything: new text to insert or replace with, a passage to delete, a comment. */
function isEmpty(body: SuggestBody) {
  if (body.kind === 'comment') return !body.comment.trim();
  if (body.kind === 'delete') return body.start === body.end;
  if (body.kind === 'replace') return body.start === body.end || !body.text;
  return !body.text;
}

/**
 * POST /api/public/review/{token}/suggestions: a reviewer proposes a change to the current revision's
 * text (anchored by offsets and the passage quoted, refused when the quote no longer matches), or
 * comments. Text changes need a redline source and redlining allowed; a comment is always welcome.
 */
export async function suggestChange(input: { tx: Tx; secret: string; body: SuggestBody }) {
  const { tx, body } = input;
  const { reviewer, document } = await findReviewer(tx, input.secret, true);
  if (document.signingState && FINISHED.has(document.signingState)) {
    throw new AppError('CONFLICT', DOCUMENT_SIGNED_LOCKED);
  }
  const revision = await currentRevisionOf(tx, document.id);
  if (body.kind !== 'comment') {
    if (!revision) throw new AppError('CONFLICT', REDLINE_UNAVAILABLE);
    if (!document.redliningAllowed) throw new AppError('CONFLICT', REDLINING_OFF);
  }
  if ((revision?.revision ?? 0) !== body.revision) throw new AppError('CONFLICT', SUGGESTION_OUTDATED);
  const anchored = body.start !== null && body.end !== null;
  if (body.kind !== 'comment' && !anchored) throw new AppError('VALIDATION_ERROR', SUGGESTION_QUOTE_CHANGED);
  const anchor =
    anchored && revision ? { start: body.start ?? 0, end: body.end ?? 0, quote: body.quote } : null;
  if (anchor && !quoteMatches(revision?.markdown ?? '', anchor)) {
    throw new AppError('CONFLICT', SUGGESTION_QUOTE_CHANGED);
  }
  if (isEmpty(body)) throw new AppError('VALIDATION_ERROR', SUGGESTION_EMPTY);
  // A reviewer proposes words, never places to sign: a tag accepted by mistake would become a field.
  if (signingTagsIn(body.text ?? '').length > 0)
    throw new AppError('VALIDATION_ERROR', SUGGESTION_SIGNING_TAG);
  await tx.insert(documentSuggestions).values({
    accountId: document.accountId,
    documentId: document.id,
    reviewerId: reviewer.id,
    reviewerName: `${reviewer.firstName} ${reviewer.lastName}`,
    reviewerEmail: reviewer.email,
    revision: revision?.revision ?? 0,
    kind: body.kind,
    start: anchor?.start ?? null,
    end: anchor?.end ?? null,
    quote: anchor?.quote ?? '',
    text: body.kind === 'insert' || body.kind === 'replace' ? body.text : '',
    comment: body.comment.trim(),
  });
  await refreshReviewLabel(tx, document);
  // The owner's open pages refresh (documents, the task's timeline).
  await announce(tx, document, {
    timeline: {
      label: body.kind === 'comment' ? 'Reviewer comment' : 'Suggestion',
      description: `${reviewer.firstName} ${reviewer.lastName} ${body.kind === 'comment' ? 'commented on' : 'suggested a change to'} ${document.label}.`,
      icon: 'edit',
    },
  });
  return presentReviewerPage(tx, document, reviewer);
}
