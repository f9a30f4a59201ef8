import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { randomToken } from '../../adapters/secrets.ts';
import { accounts } from './accounts.ts';
import { users } from './users.ts';
import { documents, files, projects, resources, transactions } from './workflows.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const accountId = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
const roomId = () =>
  integer('room_id')
    .notNull()
    .references(() => rooms.id, { onDelete: 'cascade' });

/**
 * A shared room (spec 3 §3 Room): a data, deal or reporting room of a workspace, standalone or a workflow
 * group's. Visitors reach it by its general access code (`/data-room/{code}`); the code itself is never
 * stored: it is derived from the room's id and `code_generation` under the link secret (modules/rooms/
 * link-codes.ts) and found again by `code_hash`. A new generation revokes every earlier general link.
 */
export const rooms = pgTable(
  'rooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    /** The spec's account_project_id: the workflow (and optionally its group) the room belongs to. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    transactionId: integer('transaction_id').references(() => transactions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** deal | report | reporting | data-room (ROOM_TYPES), or null for an untyped room. */
    type: text('type'),
    /** Active, Fulfilled, Completed, Closed, Inactive, Dissolved, or '' (Remove Status). */
    status: text('status').notNull().default(''),
    open: boolean('open').notNull().default(false),
    requireAuth: boolean('require_auth').notNull().default(false),
    strict: boolean('strict').notNull().default(false),
    readOnly: boolean('read_only').notNull().default(false),
    /** Previews and downloaded PDFs carry the viewer's email and the time. */
    watermark: boolean('watermark').notNull().default(false),
    /** A PDF from the cabinet a visitor must sign (Charter's own signing) before documents show. */
    ndaFileId: integer('nda_file_id').references(() => files.id, { onDelete: 'set null' }),
    codeGeneration: integer('code_generation').notNull().default(1),
    codeHash: text('code_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rooms_account_idx').on(t.accountId, t.createdAt),
    index('rooms_project_idx').on(t.projectId),
    index('rooms_transaction_idx').on(t.transactionId),
  ],
);

/**
 * The version of a room's documents list: a new random value whenever a row the list shows may have
 * changed (its room_documents, their workflow documents and recipients, the cabinet files they open), set
 * by the triggers of migration 0023, which also make each room's row. Equal values, from any process,
 * mean equal rows: room-visitors/room-contents.ts reads the documents again only when it moved. Its own
 * table, so that a document's signer never waits on a lock of the rooms row.
 */
export const roomContents = pgTable('room_contents', {
  roomId: integer('room_id')
    .primaryKey()
    .references(() => rooms.id, { onDelete: 'cascade' }),
  version: uuid('version').notNull().default(sql`gen_random_uuid()`),
});

/** A room's links (spec 3 §3 Room link), in order. */
export const roomLinks = pgTable(
  'room_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomId: roomId(),
    label: text('label').notNull(),
    link: text('link').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('room_links_room_idx').on(t.roomId, t.position)],
);

/** A room's documents: a workflow document (its history row) or a cabinet file, in order. */
export const roomDocuments = pgTable(
  'room_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomId: roomId(),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('room_documents_room_idx').on(t.roomId, t.position),
    index('room_documents_document_idx').on(t.documentId),
    index('room_documents_file_idx').on(t.fileId),
  ],
);

/**
 * An overview table of resources of one type (people, companies, checklists) and the fields it shows
 * (resource_features keys), in order; its rows are room_table_rows.
 */
export const roomTables = pgTable(
  'room_tables',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomId: roomId(),
    resourceTypeId: integer('resource_type_id').notNull(),
    label: text('label').notNull(),
    fields: jsonb('fields').$type<{ key: string; label: string; type: string }[]>().notNull().default([]),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('room_tables_room_idx').on(t.roomId, t.position)],
);

export const roomTableRows = pgTable(
  'room_table_rows',
  {
    roomTableId: integer('room_table_id')
      .notNull()
      .references(() => roomTables.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomTableId, t.resourceId] })],
);

/** A report table shown in a room (feature_type_id is the report's key), optionally the viewer's rows only. */
export const roomReports = pgTable(
  'room_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomId: roomId(),
    reportKey: text('report_key').notNull(),
    userOnly: boolean('user_only').notNull().default(false),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('room_reports_room_idx').on(t.roomId, t.position)],
);

/** Report sharing (spec 3 §3 Report): whether a report shows in users' dashboards, and for which resources. */
export const sharedReports = pgTable(
  'shared_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    reportKey: text('report_key').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    metadata: jsonb('metadata').$type<{ resource_id: number[] }>().notNull().default({ resource_id: [] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shared_reports_account_key_idx').on(t.accountId, t.reportKey)],
);

/**
 * Personal room links (spec 3 §3 Room access code): one per email shared with, its secret only in the
 * email (a hash here), redeemed once (/invites/room/{access_code}?id={public_id}&code=…), revocable.
 */
export const roomCodes = pgTable(
  'room_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What the link's URL names it by: random (128 bits), so no one can name another invitee's link. */
    publicId: text('public_id')
      .notNull()
      .unique()
      .$defaultFn(() => randomToken(16)),
    /** Mailed before public ids: its URL names the row id, still accepted for this row only. */
    legacyLink: boolean('legacy_link').notNull().default(false),
    roomId: roomId(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    codeHash: text('code_hash').notNull().unique(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('room_codes_room_idx').on(t.roomId, t.createdAt)],
);

/**
 * Wrong secrets tried on a personal link, per client (its address and browser key, hashed) in a window:
 * a client that guesses too often is refused for a while, and no one else's use of the link is.
 */
export const roomCodeAttempts = pgTable(
  'room_code_attempts',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => roomCodes.id, { onDelete: 'cascade' }),
    client: text('client').notNull(),
    attempts: integer('attempts').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.client] })],
);

/**
 * Who visited a room (spec 3 §3 Room user): a signed-in user, an invited email, or an anonymous browser
 * (its `key`, a random id the visitor page keeps). Counters are kept here so the settings page reads one row.
 */
export const roomVisitors = pgTable(
  'room_visitors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomId: roomId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    name: text('name').notNull().default(''),
    key: text('key'),
    inviteRights: boolean('invite_rights').notNull().default(false),
    timesVisited: integer('times_visited').notNull().default(0),
    docInteractions: integer('doc_interactions').notNull().default(0),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }),
    /** When the visitor last saw the room before the current visit: what is new is what changed since. */
    previousVisitAt: timestamp('previous_visit_at', { withTimezone: true }),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    /** The NDA this visitor signed (a document of the room's workspace), once sealed. */
    ndaDocumentId: integer('nda_document_id').references(() => documents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('room_visitors_user_idx').on(t.roomId, t.userId),
    uniqueIndex('room_visitors_key_idx').on(t.roomId, t.key),
    index('room_visitors_last_idx').on(t.roomId, t.lastVisitedAt),
  ],
);

/**
 * A visitor's browser session in one room (a guest token, hashed), from a link or a sign-in. A session a
 * personal link started (`code_id`) ends with the link.
 */
export const roomSessions = pgTable(
  'room_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    roomId: roomId(),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => roomVisitors.id, { onDelete: 'cascade' }),
    codeId: integer('code_id').references(() => roomCodes.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('room_sessions_visitor_idx').on(t.visitorId), index('room_sessions_code_idx').on(t.codeId)],
);

/**
 * Everything visitors do in a room (spec 3 §3 Room history entry): visit, view (with the page and the
 * seconds on it), download, form visit, NDA signed. Kept in Charter's own database; no third party sees it.
 * An audit trail: admins hide entries (`hidden_at`), and a trigger (migration 0025) refuses any DELETE but
 * the cascade of a deleted room or visitor.
 */
export const roomHistory = pgTable(
  'room_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roomId: roomId(),
    visitorId: integer('visitor_id').references(() => roomVisitors.id, { onDelete: 'cascade' }),
    /** visit | view | download | form | nda (ROOM_HISTORY_ACTIONS) */
    action: text('action').notNull(),
    label: text('label').notNull().default(''),
    sublabel: text('sublabel').notNull().default(''),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    page: integer('page'),
    seconds: integer('seconds'),
    createdAt: createdAt(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('room_history_room_idx').on(t.roomId, t.createdAt, t.id),
    index('room_history_visitor_idx').on(t.visitorId, t.createdAt, t.id),
  ],
);

/**
 * Outside forms (spec 3 §3 Outside form): a task group's questionnaire, or the questions of it included,
 * filled through a code without signing in. Types outside_form, data_request, persistent (a standing form:
 * each visit of its link makes a persistent_instance with a group of its own) and persistent_instance.
 * The code is derived like a room's (`code_generation`, `code_hash`).
 */
export const outsideForms = pgTable(
  'outside_forms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    roomId: integer('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    /** The standing form an instance was made from. */
    parentId: integer('parent_id').references((): AnyPgColumn => outsideForms.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('outside_form'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    assignedEmail: text('assigned_email'),
    sendEmail: boolean('send_email').notNull().default(false),
    finalize: boolean('finalize').notNull().default(false),
    /** The questions (ids) the form shows; a resource list's fields are included by `list.field`. */
    questionIds: jsonb('question_ids').$type<string[]>().notNull().default([]),
    /** new (Open) or completed. */
    state: text('state').notNull().default('new'),
    codeGeneration: integer('code_generation').notNull().default(1),
    codeHash: text('code_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('outside_forms_transaction_idx').on(t.transactionId),
    index('outside_forms_room_idx').on(t.roomId),
    index('outside_forms_parent_idx').on(t.parentId),
  ],
);

/**
 * Secrets the server derives links from (LINK_SECRET overrides): a room's or a form's code is an HMAC of
 * its id and generation, so the database holds only hashes of the codes.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * A guest's short-lived token to one file of one room (GET /api/guest/rooms/{id}/file/{fileId}/token).
 * It keeps how its viewer came (`via`: admin, session, user, key), the room session it was issued under
 * (ended with it) and an admin's user, so that each use checks the viewer's access as it stands then.
 */
export const roomFileTokens = pgTable(
  'room_file_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    roomId: roomId(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    visitorId: integer('visitor_id').references(() => roomVisitors.id, { onDelete: 'cascade' }),
    via: text('via').$type<'admin' | 'session' | 'user' | 'key'>().notNull(),
    sessionHash: text('session_hash').references(() => roomSessions.tokenHash, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('room_file_tokens_expiry_idx').on(t.expiresAt),
    index('room_file_tokens_session_idx').on(t.sessionHash),
  ],
);
