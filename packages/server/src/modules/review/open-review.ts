import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentReviewers } from '../../db/schema/index.ts';
import { presentReviewerPage } from './reviewer-page.ts';
import { findReviewer } from './scope.ts';

/** POST /api/public/review/{token}/open: the review page (the first opening is noted for the owner). */
export async function openReview(input: { tx: Tx; secret: string }) {
  const { tx } = input;
  const { reviewer, document } = await findReviewer(tx, input.secret);
  if (!reviewer.viewedAt) {
    await tx
      .update(documentReviewers)
      .set({ viewedAt: new Date() })
      .where(eq(documentReviewers.id, reviewer.id));
  }
  return presentReviewerPage(tx, document, reviewer);
}
