import type { FieldKind } from '@charter/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

const accountId = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A workflow started from a project template. */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    templateId: text('template_id').notNull(),
    label: text('label').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('projects_account_idx').on(t.accountId, t.templateId)],
);

/** A task group (the spec's transaction): one questionnaire and the tasks it feeds. */
export const transactions = pgTable(
  'transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The transaction template's id inside the project template. */
    templateKey: text('template_key').notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    state: text('state').notNull().default('Open'),
    open: boolean('open').notNull().default(true),
    isStarted: boolean('is_started').notNull().default(false),
    validatedQuestionnaire: boolean('validated_questionnaire').notNull().default(false),
    allowReopen: boolean('allow_reopen').notNull().default(false),
    submissionDate: timestamp('submission_date', { withTimezone: true }),
    finalizeSnapshot: jsonb('finalize_snapshot').$type<Record<string, unknown>>(),
    /** Set Reviewers (spec 2, Assign Reviewers): who reviews the group's documents once generated. */
    reviewers: jsonb('reviewers')
      .$type<{ first_name: string; last_name: string; email: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('transactions_account_idx').on(t.accountId, t.id),
    index('transactions_project_idx').on(t.projectId, t.position),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    templateKey: text('template_key').notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    /** Generate | Upload | Custom | Skip */
    mode: text('mode').notNull(),
    /** Incomplete | Processing | Completed | Skipped | Failed */
    state: text('state').notNull().default('Incomplete'),
    statusLabel: text('status_label'),
    templateVariantId: text('template_variant_id'),
    /** Keys of the template's add-ons the workspace chose to buy with the task (none until chosen). */
    chosenAddons: text('chosen_addons').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tasks_transaction_idx').on(t.transactionId, t.position)],
);

/** A task's timeline (spec 2 §3 "timeline entries"). */
export const taskEvents = pgTable(
  'task_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default('info'),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('task_events_task_idx').on(t.taskId, t.createdAt)],
);

/** People, companies and entities of a workspace, shared by every questionnaire that lists them. */
export const resources = pgTable(
  'resources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    resourceTypeId: integer('resource_type_id').notNull(),
    name: text('name').notNull(),
    isDraft: boolean('is_draft').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('resources_account_type_idx').on(t.accountId, t.resourceTypeId, t.name)],
);

/** A resource's answers (its name, email, address…), by field id. */
export const resourceFeatures = pgTable(
  'resource_features',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.key] })],
);

/** The resources a transaction lists for one of its resource_list questions, in order. */
export const transactionResources = pgTable(
  'transaction_resources',
  {
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.questionId, t.resourceId] }),
    index('transaction_resources_resource_idx').on(t.resourceId),
  ],
);

/** A transaction's answers to its plain questions (the spec's flat features), by question id. */
export const flatFeatures = pgTable(
  'flat_features',
  {
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.key] })],
);

/** Stored files (the spec's box_file_id is a file id); the bytes live in the storage adapter. */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The file converted to PDF for previews (office files), made on the first preview. */
    previewKey: text('preview_key'),
    /** Pages of the file's preview PDF, read the first time a room shows it (room analytics' completion). */
    pageCount: integer('page_count'),
    folder: text('folder').notNull().default('/'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_folder_idx').on(t.accountId, t.folder, t.filename),
    // The start-up sweep asks which stored keys a row names (storage-sweep.ts).
    index('files_storage_key_idx').on(t.storageKey),
    index('files_preview_key_idx').on(t.previewKey),
  ],
);

/** A task's document and its history (the spec's document_history). */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    transactionId: integer('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    label: text('label').notNull(),
    status: text('status'),
    revisionCount: integer('revision_count').notNull().default(0),
    templateVariant: text('template_variant'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // Signing: the file signed (file_id, the spec's box_file_id, is the sealed final once there is one).
    originalFileId: integer('original_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** draft, sent, sealing, seal_failed, completed, declined, voided (SIGNING_STATES); null: not for signing. */
    signingState: text('signing_state'),
    sequential: boolean('sequential').notNull().default(false),
    reminderDays: integer('reminder_days'),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sealError: text('seal_error'),
    /** SHA-256 of the sealed file, by which /verify finds it. */
    sealedSha256: text('sealed_sha256'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    /** Reviewers may propose text changes (only a document with a redline source: document_revisions). */
    redliningAllowed: boolean('redlining_allowed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('documents_account_idx').on(t.accountId, t.createdAt),
    index('documents_task_idx').on(t.taskId),
    index('documents_sealed_sha256_idx').on(t.sealedSha256),
  ],
);

/** A to-do on the home page: an open task group someone should move on, optionally assigned. */
export const recommendations = pgTable(
  'recommendations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    transactionId: integer('transaction_id')
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('recommendations_account_idx').on(t.accountId, t.createdAt)],
);

/** Who holds a workflow role (the spec's counsel) in a project: a member of the workspace. */
export const projectCounsel = pgTable(
  'project_counsel',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    counselType: text('counsel_type').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('project_counsel_project_idx').on(t.projectId)],
);

/** The file cabinet's folders, by path ('/Contracts/2026'); files name their folder's path. */
export const folders = pgTable(
  'folders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    path: text('path').notNull(),
    parentPath: text('parent_path').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('folders_account_path_idx').on(t.accountId, t.path),
    index('folders_parent_idx').on(t.accountId, t.parentPath),
  ],
);

/** People a document goes to (the spec's email recipients), with their role (Signer by default). */
export const documentRecipients = pgTable(
  'document_recipients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull().default('Signer'),
    signed: boolean('signed').notNull().default(false),
    /** The template role or text-tag role whose fields this recipient fills (Company, Counterparty…). */
    party: text('party'),
    /** Sequential signing: lower signs first; equal orders sign in parallel. */
    signingOrder: integer('signing_order').notNull().default(1),
    /** SHA-256 of the link's secret: the link itself is only ever in the email. */
    linkHash: text('link_hash'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** Where the signature was given from, as the certificate page prints it. */
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    /** The adopted signature and initials (PNG), in storage. */
    signatureKey: text('signature_key'),
    initialsKey: text('initials_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_recipients_email_idx').on(t.documentId, t.email),
    uniqueIndex('document_recipients_link_idx').on(t.linkHash),
  ],
);

/** A place on a page of a document to sign that one recipient fills (a signature, a date, a tick…). */
export const documentFields = pgTable(
  'document_fields',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id').references(() => documentRecipients.id, { onDelete: 'set null' }),
    kind: text('kind').$type<FieldKind>().notNull(),
    role: text('role').notNull().default(''),
    page: integer('page').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    required: boolean('required').notNull().default(true),
    value: text('value'),
  },
  (t) => [index('document_fields_document_idx').on(t.documentId)],
);

/** A task's own Word template (Custom mode): the cabinet file picked, its tokens and the values given. */
export const customDocuments = pgTable('custom_documents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  accountId: accountId(),
  taskId: integer('task_id')
    .notNull()
    .unique()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
  filename: text('filename').notNull(),
  tokens: jsonb('tokens').$type<string[]>().notNull().default([]),
  notes: jsonb('notes').$type<{ token: string; level: string; message: string }[]>().notNull().default([]),
  valid: boolean('valid').notNull().default(false),
  fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Short-lived links to one file, for viewers that cannot send a token (a new tab, an embed). */
export const fileTokens = pgTable(
  'file_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    accountId: accountId(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('file_tokens_expiry_idx').on(t.expiresAt)],
);
