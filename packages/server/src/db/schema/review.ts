import type { SuggestionKind, SuggestionState } from '@charter/domain';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { documents, files } from './workflows.ts';

const accountId = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
const documentId = () =>
  integer('document_id')
    .notNull()
    .references(() => documents.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The Markdown each revision of a generated document was rendered from (revision 0 is the generated
 * one): what reviewers redline. A document without a row here (an upload) has no redline source.
 */
export const documentRevisions = pgTable(
  'document_revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    documentId: documentId(),
    revision: integer('revision').notNull(),
    markdown: text('markdown').notNull(),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_revisions_revision_idx').on(t.documentId, t.revision)],
);

/** Someone asked to review a document, with their personal link (its hash only, like signing links). */
export const documentReviewers = pgTable(
  'document_reviewers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    documentId: documentId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    linkHash: text('link_hash'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_reviewers_email_idx').on(t.documentId, t.email),
    uniqueIndex('document_reviewers_link_idx').on(t.linkHash),
  ],
);

/** A reviewer's proposed change (or comment) on one revision's text, and the owner's decision. */
export const documentSuggestions = pgTable(
  'document_suggestions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    documentId: documentId(),
    reviewerId: integer('reviewer_id').references(() => documentReviewers.id, { onDelete: 'set null' }),
    /** Who made it, kept when the reviewer is removed from the list. */
    reviewerName: text('reviewer_name').notNull(),
    reviewerEmail: text('reviewer_email').notNull(),
    revision: integer('revision').notNull(),
    kind: text('kind').$type<SuggestionKind>().notNull(),
    start: integer('start'),
    end: integer('end'),
    quote: text('quote').notNull().default(''),
    text: text('text').notNull().default(''),
    comment: text('comment').notNull().default(''),
    status: text('status').$type<SuggestionState>().notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('document_suggestions_document_idx').on(t.documentId, t.id)],
);
