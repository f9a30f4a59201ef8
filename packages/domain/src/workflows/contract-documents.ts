import { z } from 'zod';
import { storedFile } from '../cabinet/contract.ts';
import { int32Param, rowId, rowIdParam } from '../contract/common.ts';

/**
 * Documents of tasks (spec 2 §4): the workspace's document history, a task's uploaded document, who a
 * document goes to, the signed-in user's documents, and custom (Word) documents.
 */

// Requests

/** GET /api/account/document_history, GET /api/user/document: newest first; `before` is the last id seen. */
export const documentPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: rowIdParam.optional(),
});
export type DocumentPageQuery = z.infer<typeof documentPageQuery>;

/** GET /api/account/box/file/{id}: download=1 asks for an attachment instead of inline. */
export const fileDownloadQuery = z.object({ download: int32Param.optional() });

/** POST /api/account/document_history/email_recipient: name, email and role are all needed. */
export const addRecipientBody = z.object({
  document_id: rowId,
  email: z.string().max(320).optional(),
  metadata: z
    .object({
      name: z.string().max(200).optional(),
      role: z.string().max(100).optional(),
      /** Signing: the template or text-tag role whose fields this recipient fills. */
      party: z.string().max(100).optional(),
      /** Signing: sequential signing goes from the lowest order up (1 when not given). */
      order: z.number().int().min(1).max(100).optional(),
    })
    .optional(),
});
export type AddRecipientBody = z.infer<typeof addRecipientBody>;

/** GET /api/account/custom_document */
export const customDocumentQuery = z.object({ task_id: rowIdParam });

/** POST /api/account/custom_document: the task's document becomes this Word file of the cabinet. */
export const pickCustomDocumentBody = z.object({ account_task_id: rowId, file_id: rowId });
export type PickCustomDocumentBody = z.infer<typeof pickCustomDocumentBody>;

/** PUT /api/account/custom_document/{id}: values of its tokens. */
export const saveCustomFieldsBody = z.object({ fields: z.record(z.string().max(100), z.string().max(2000)) });
export type SaveCustomFieldsBody = z.infer<typeof saveCustomFieldsBody>;

// Answers

/** A task's document, as the document history and a task group's documents list it. */
export const documentView = z.object({
  id: z.number(),
  filename: z.string(),
  label: z.string(),
  /** The stored file (GET /api/account/box/file/{id}), none until it is generated or uploaded. */
  box_file_id: z.number().nullable(),
  status: z.string().nullable(),
  revision_count: z.number(),
  template_variant: z.string().nullable(),
  account_task_id: z.number().nullable(),
  transaction_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type DocumentView = z.infer<typeof documentView>;

/** GET /api/user/document: a document of one of the user's workspaces. */
export const userDocumentView = documentView.extend({ account_id: z.number(), account_name: z.string() });
export type UserDocumentView = z.infer<typeof userDocumentView>;

/**
 * POST /api/account/task/{id}/upload: the task's new document and its file in the cabinet (the cabinet's
 * file fields, listed here until the cabinet's contract names them).
 */
export const taskUploadResponse = z.object({
  document_id: z.number(),
  /** The file as the cabinet stores it. */
  file: storedFile,
});
export type TaskUploadResponse = z.infer<typeof taskUploadResponse>;

/** Who a document goes to. */
export const recipientView = z.object({
  id: z.number(),
  document_id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  signed: z.boolean(),
  signer: z.boolean(),
  email_sent: z.boolean(),
  metadata: z.object({ name: z.string(), role: z.string() }),
});
export type RecipientView = z.infer<typeof recipientView>;

/** GET /api/account/storage/my_templates: a Word file of the cabinet a custom document can use. */
export const wordTemplateView = z.object({ id: z.number(), filename: z.string(), path: z.string() });
export type WordTemplateView = z.infer<typeof wordTemplateView>;

/** A Custom-mode task's Word file: its tokens, what is wrong with it, and the values given so far. */
export const customDocumentView = z.object({
  id: z.number(),
  account_task_id: z.number(),
  file_id: z.number().nullable(),
  filename: z.string(),
  tokens: z.array(z.string()),
  notes: z.array(z.object({ token: z.string(), level: z.string(), message: z.string() })),
  valid: z.boolean(),
  fields: z.record(z.string(), z.string()),
});
export type CustomDocumentView = z.infer<typeof customDocumentView>;
