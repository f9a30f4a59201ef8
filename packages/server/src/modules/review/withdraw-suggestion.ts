import { SUGGESTION_NOT_PENDING } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentSuggestions } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { announce } from '../workflows/announce-document.ts';
import { refreshReviewLabel } from './review-labels.ts';
import { presentReviewerPage } from './reviewer-page.ts';
import { findReviewer } from './scope.ts';

/** POST /api/public/review/{token}/suggestions/{suggestionId}/withdraw: the reviewer's own, still pending. */
export async function withdrawSuggestion(input: { tx: Tx; secret: string; suggestionId: number }) {
  const { tx } = input;
  const { reviewer, document } = await findReviewer(tx, input.secret, true);
  const [suggestion] = await tx
    .select()
    .from(documentSuggestions)
    .where(
      and(eq(documentSuggestions.id, input.suggestionId), eq(documentSuggestions.reviewerId, reviewer.id)),
    );
  if (!suggestion) throw notFound('Suggestion not found');
  if (suggestion.status !== 'pending') throw new AppError('CONFLICT', SUGGESTION_NOT_PENDING);
  await tx
    .update(documentSuggestions)
    .set({ status: 'withdrawn', decidedAt: new Date() })
    .where(eq(documentSuggestions.id, suggestion.id));
  await refreshReviewLabel(tx, document);
  await announce(tx, document, {});
  return presentReviewerPage(tx, document, reviewer);
}
