import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { customDocuments, files, flatFeatures, tasks } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { readableFiles } from '../cabinet/policies.ts';
import { inspectDocx } from '../documents/docx-template.ts';
import { findReadableFile } from './documents.ts';
import { findTask, findTransaction } from './scope.ts';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const CUSTOM_NOT_PICKED = "- Make sure you've picked a Custom Document folder and file";
export const CUSTOM_NOT_VALID =
  "- You don't have a valid Custom Document saved. Please pick a different document.";
export const CUSTOM_FIELDS_MISSING = '- Please fill out all recipient fields for Custom Documents.';

type Row = typeof customDocuments.$inferSelect;

export const presentCustomDocument = (row: Row) => ({
  id: row.id,
  account_task_id: row.taskId,
  file_id: row.fileId,
  filename: row.filename,
  tokens: row.tokens,
  notes: row.notes,
  valid: row.valid,
  fields: row.fields,
});

/** GET /api/account/storage/my_templates: the workspace's Word files, to pick a custom document from. */
export async function myTemplates({ tx, actor }: { tx: Tx; actor: MemberActor }) {
  const rows = await tx
    .select({ id: files.id, filename: files.filename, path: files.folder })
    .from(files)
    .where(and(eq(files.accountId, actor.accountId), eq(files.contentType, DOCX_TYPE), readableFiles(actor)))
    .orderBy(asc(files.folder), asc(files.filename))
    .limit(500);
  return rows;
}

async function customTask(tx: Tx, actor: MemberActor, taskId: number) {
  const task = await findTask(tx, actor, taskId);
  const transaction = await findTransaction(tx, actor, task.transactionId);
  if (task.mode !== 'Custom')
    throw new AppError('CONFLICT', 'Set this task to Custom before choosing its document.');
  if (!transaction.open)
    throw new AppError('CONFLICT', 'This task has been submitted. Reopen it to change it.');
  return task;
}

/** GET /api/account/custom_document?task_id= */
export async function getCustomDocument({
  tx,
  actor,
  taskId,
}: {
  tx: Tx;
  actor: MemberActor;
  taskId: number;
}) {
  await findTask(tx, actor, taskId);
  const [row] = await tx.select().from(customDocuments).where(eq(customDocuments.taskId, taskId));
  return row ? presentCustomDocument(row) : null;
}

/**
 * POST /api/account/custom_document: the task's document becomes this Word file of the cabinet; its
 * tokens are read (notes say what is wrong with it), and values already given for the same tokens stay.
 */
export async function pickCustomDocument({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: MemberActor;
  input: { account_task_id: number; file_id: number };
}) {
  const { file } = await ctx.db.transaction(async (tx) => {
    await customTask(tx, actor, input.account_task_id);
    return { file: await findReadableFile(tx, actor, input.file_id) };
  });
  if (file.contentType !== DOCX_TYPE) throw invalid({ file_id: CUSTOM_NOT_VALID.slice(2) });
  const inspected = inspectDocx(await ctx.storage.get(file.storageKey));
  return ctx.db.transaction(async (tx) => {
    const task = await customTask(tx, actor, input.account_task_id);
    const [previous] = await tx
      .select({ fields: customDocuments.fields })
      .from(customDocuments)
      .where(eq(customDocuments.taskId, input.account_task_id));
    // A token named like a question starts with that question's answer.
    const answers = await tx
      .select({ key: flatFeatures.key, value: flatFeatures.value })
      .from(flatFeatures)
      .where(eq(flatFeatures.transactionId, task.transactionId));
    const answered = new Map(answers.map((a) => [a.key, a.value]));
    const fields = Object.fromEntries(
      inspected.tokens.map((token) => [token, previous?.fields[token] || answered.get(token) || '']),
    );
    const values = {
      accountId: actor.accountId,
      taskId: input.account_task_id,
      fileId: file.id,
      filename: file.filename,
      tokens: inspected.tokens,
      notes: inspected.notes,
      valid: inspected.valid,
      fields,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(customDocuments)
      .values(values)
      .onConflictDoUpdate({ target: customDocuments.taskId, set: values })
      .returning();
    return presentCustomDocument(row);
  });
}

/** PUT /api/account/custom_document/{id}: the values of its tokens. */
export async function saveCustomFields(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  fields: Record<string, string>;
}) {
  const { tx, actor, id, fields } = input;
  const row = await findOwned(tx, customDocuments, actor, id, { what: 'Custom document not found' });
  await customTask(tx, actor, row.taskId);
  const unknown = Object.keys(fields).filter((token) => !row.tokens.includes(token));
  if (unknown.length) throw invalid({ fields: `Unknown fields: ${unknown.join(', ')}` });
  const merged = { ...row.fields };
  for (const [token, value] of Object.entries(fields)) merged[token] = value.trim();
  const [updated] = await tx
    .update(customDocuments)
    .set({ fields: merged, updatedAt: new Date() })
    .where(eq(customDocuments.id, id))
    .returning();
  return presentCustomDocument(updated);
}

/** What keeps a group's Custom tasks from being submitted, in the spec's words (spec 2 §5), or null. */
export async function customDocumentProblem(tx: Tx, transactionId: number): Promise<string | null> {
  const rows = await tx
    .select({ custom: customDocuments })
    .from(tasks)
    .leftJoin(customDocuments, eq(customDocuments.taskId, tasks.id))
    .where(and(eq(tasks.transactionId, transactionId), eq(tasks.mode, 'Custom')));
  for (const { custom } of rows) {
    if (!custom?.fileId) return CUSTOM_NOT_PICKED;
    if (!custom.valid) return CUSTOM_NOT_VALID;
    if (custom.tokens.some((token) => !custom.fields[token])) return CUSTOM_FIELDS_MISSING;
  }
  return null;
}
