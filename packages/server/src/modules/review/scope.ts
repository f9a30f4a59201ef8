import { REVIEW_LINK_EXPIRED, REVIEW_LINK_INVALID } from '@charter/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  documentReviewers,
  documentRevisions,
  documentSuggestions,
  documents,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { hashLinkSecret } from '../signing/links.ts';

export type ReviewerRow = typeof documentReviewers.$inferSelect;
export type SuggestionRow = typeof documentSuggestions.$inferSelect;
export type RevisionRow = typeof documentRevisions.$inferSelect;

/** The newest revision's source, or null for a document without one (an upload). */
export async function currentRevisionOf(tx: Tx, documentId: number): Promise<RevisionRow | null> {
  const [row] = await tx
    .select()
    .from(documentRevisions)
    .where(eq(documentRevisions.documentId, documentId))
    .orderBy(desc(documentRevisions.revision))
    .limit(1);
  return row ?? null;
}

export const reviewersOf = (tx: Tx, documentId: number) =>
  tx
    .select()
    .from(documentReviewers)
    .where(eq(documentReviewers.documentId, documentId))
    .orderBy(asc(documentReviewers.id));

export const suggestionsOf = (tx: Tx, documentId: number) =>
  tx
    .select()
    .from(documentSuggestions)
    .where(eq(documentSuggestions.documentId, documentId))
    .orderBy(asc(documentSuggestions.id));

/**
 * The reviewer and document a review link's secret names (the document locked when `lock` is set).
 * Nothing but the secret chooses the document; a link past its date answers 410.
 */
export async function findReviewer(tx: Tx, secret: string, lock = false) {
  const [reviewer] = await tx
    .select()
    .from(documentReviewers)
    .where(eq(documentReviewers.linkHash, hashLinkSecret(secret)));
  if (!reviewer) throw new AppError('NOT_FOUND', REVIEW_LINK_INVALID);
  const query = tx.select().from(documents).where(eq(documents.id, reviewer.documentId));
  const [document] = lock ? await query.for('update') : await query;
  if (!document) throw new AppError('NOT_FOUND', REVIEW_LINK_INVALID);
  if (reviewer.linkExpiresAt && reviewer.linkExpiresAt.getTime() < Date.now()) {
    throw new AppError('GONE', REVIEW_LINK_EXPIRED);
  }
  return { reviewer, document };
}
