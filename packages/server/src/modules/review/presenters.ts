import type { RedlineView, ReviewerView, SuggestionView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { DocumentRow } from '../signing/scope.ts';
import { presentDocument } from '../workflows/presenters.ts';
import {
  currentRevisionOf,
  type ReviewerRow,
  reviewersOf,
  type SuggestionRow,
  suggestionsOf,
} from './scope.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A reviewer as the owner sees them: never their link. */
export const presentReviewer = (row: ReviewerRow): ReviewerView => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  email_sent_at: iso(row.emailSentAt),
  viewed_at: iso(row.viewedAt),
  link_expires_at: iso(row.linkExpiresAt),
});

export const presentSuggestion = (row: SuggestionRow): SuggestionView => ({
  id: row.id,
  kind: row.kind,
  start: row.start,
  end: row.end,
  quote: row.quote,
  text: row.text,
  comment: row.comment,
  status: row.status,
  revision: row.revision,
  reviewer: { name: row.reviewerName, email: row.reviewerEmail },
  created_at: row.createdAt.toISOString(),
  decided_at: iso(row.decidedAt),
});

/** The owner's redline view of a document: its current text, reviewers and every suggestion. */
export async function presentRedline(tx: Tx, document: DocumentRow): Promise<RedlineView> {
  const revision = await currentRevisionOf(tx, document.id);
  return {
    document: presentDocument(document),
    redline_available: revision !== null,
    redlining_allowed: revision !== null && document.redliningAllowed,
    signing_state: document.signingState,
    revision: revision?.revision ?? document.revisionCount,
    markdown: revision?.markdown ?? null,
    reviewers: (await reviewersOf(tx, document.id)).map(presentReviewer),
    suggestions: (await suggestionsOf(tx, document.id)).map(presentSuggestion),
  };
}
