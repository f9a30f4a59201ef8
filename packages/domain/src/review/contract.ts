import { z } from 'zod';
import { rowIdParam } from '../contract/common.ts';
import { documentView } from '../workflows/contract-documents.ts';
import { SUGGESTION_KINDS, SUGGESTION_STATES } from './redline.ts';

/**
 * Review and redlining (issue "Signing, review and live updates"): the owner's calls under
 * /api/account/pandadoc/documents/{id}/… (the spec's reviewer and redline paths, ours beside them) and
 * the reviewer's public calls under /api/public/review/{token}, where the token is the secret of one
 * reviewer's link.
 */

export * from './messages.ts';
export * from './redline.ts';

// Owner: requests

/** One reviewer as the Add Reviewer form gives it (the operation checks each field with the spec's texts). */
export const reviewerInput = z.object({
  first_name: z.string().max(100).default(''),
  last_name: z.string().max(100).default(''),
  email: z.string().max(320).default(''),
});
export type ReviewerInput = z.infer<typeof reviewerInput>;

/** POST /api/account/pandadoc/documents/{id}/reviewer: the document's whole list of reviewers. */
export const setReviewersBody = z.object({ reviewers: z.array(reviewerInput).max(50) });

/** PATCH /api/account/pandadoc/documents/{id}/redline */
export const redliningBody = z.object({ redlining_allowed: z.boolean() });

/** PUT /api/account/pandadoc/documents/{id}/suggestions/{suggestionId}: the owner's decision. */
export const decideSuggestionBody = z.object({ status: z.enum(['accepted', 'rejected', 'pending']) });
export const suggestionParams = z.object({ id: rowIdParam, suggestionId: rowIdParam });

// Owner: answers

export const reviewerView = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  email_sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  link_expires_at: z.string().nullable(),
});
export type ReviewerView = z.infer<typeof reviewerView>;

export const suggestionView = z.object({
  id: z.number(),
  kind: z.enum(SUGGESTION_KINDS),
  /** The passage named, in the revision's Markdown (null for a comment on a document without a source). */
  start: z.number().nullable(),
  end: z.number().nullable(),
  quote: z.string(),
  text: z.string(),
  comment: z.string(),
  status: z.enum(SUGGESTION_STATES),
  revision: z.number(),
  reviewer: z.object({ name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type SuggestionView = z.infer<typeof suggestionView>;

/** GET /api/account/pandadoc/documents/{id}/redline: what the owner's redline view shows. */
export const redlineView = z.object({
  document: documentView,
  /** The document has a text to redline (generated from a template whose task group allows it). */
  redline_available: z.boolean(),
  redlining_allowed: z.boolean(),
  signing_state: z.string().nullable(),
  revision: z.number(),
  /** The current revision's Markdown (null without a redline source). */
  markdown: z.string().nullable(),
  reviewers: z.array(reviewerView),
  suggestions: z.array(suggestionView),
});
export type RedlineView = z.infer<typeof redlineView>;

export const reviewersResponse = z.object({ message: z.string(), reviewers: z.array(reviewerView) });
export const redlineResponse = z.object({ message: z.string(), redline: redlineView });

// Reviewer (public)

export const reviewTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const reviewSuggestionParams = reviewTokenParams.extend({ suggestionId: rowIdParam });

/** POST /api/public/review/{token}/suggestions */
export const suggestBody = z.object({
  kind: z.enum(SUGGESTION_KINDS),
  start: z.number().int().min(0).max(10_000_000).nullable().default(null),
  end: z.number().int().min(0).max(10_000_000).nullable().default(null),
  quote: z.string().max(20_000).default(''),
  text: z.string().max(20_000).default(''),
  comment: z.string().max(5_000).default(''),
  /** The revision the reviewer saw: a suggestion on an older one is refused. */
  revision: z.number().int().min(0).max(10_000),
});
export type SuggestBody = z.infer<typeof suggestBody>;

/** GET /api/public/review/{token}: what the review page shows. */
export const reviewerPageView = z.object({
  document: z.object({
    title: z.string(),
    revision: z.number(),
    redline_available: z.boolean(),
    redlining_allowed: z.boolean(),
    markdown: z.string().nullable(),
  }),
  reviewer: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
  sender: z.object({ name: z.string(), workspace: z.string() }),
  suggestions: z.array(suggestionView),
});
export type ReviewerPageView = z.infer<typeof reviewerPageView>;
