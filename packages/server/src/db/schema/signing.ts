import { integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { documents } from './workflows.ts';

/** Who did what to a document: a signer or viewer by their recipient row, a member by their user. */
export type DocumentEventActor = { name: string; email: string; recipientId?: number; userId?: number };

/**
 * Each document's signing history (sent, viewed, consented, signed, declined, voided, sealed). Every
 * entry carries the hash of the one before it, so an edited, removed or inserted entry is detectable
 * (modules/signing/event-chain.ts); the certificate page prints it.
 */
export const documentEvents = pgTable(
  'document_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per document. */
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    actor: jsonb('actor').$type<DocumentEventActor>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [unique('document_events_seq').on(t.documentId, t.seq)],
);

/**
 * The installation's own document seal: a key and self-signed certificate generated on first use and
 * shared by every instance (never one shipped with the code). An operator's .p12 (SIGNING_P12) replaces it.
 */
export const sealIdentities = pgTable('seal_identities', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  certificatePem: text('certificate_pem').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  /** SHA-256 of the certificate (DER), as the verify page shows it. */
  fingerprint: text('fingerprint').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
