import type { FieldType, SigningField } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import { markdownToPdf } from '../../adapters/pdf/markdown-pdf.ts';
import { offThread } from '../../adapters/untrusted/pool.ts';
import { refuseZipBomb } from '../../adapters/untrusted/zip.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  accounts,
  customDocuments,
  documentRevisions,
  documents,
  files,
  projects,
  projectTemplates,
  taskEvents,
  tasks,
  transactions,
} from '../../db/schema/index.ts';
import { type MailBrand, mailBrandFor } from '../brand/mail-brand.ts';
import { ensureFolder } from '../cabinet/ensure-folder.ts';
import { type BodyData, renderBody } from '../documents/render-body.ts';
import { type Signer, signersFor } from '../documents/signers-for.ts';
import { assignReviewers } from '../review/set-reviewers.ts';
import { prepareGeneratedSigning } from '../signing/prepare-generated.ts';
import { announce } from './announce-document.ts';
import { attachTaskDocument } from './attach-task-document.ts';
import { loadTemplate, type TransactionTemplate, taskTemplateOf, transactionTemplateOf } from './catalog.ts';
import { completeTask } from './complete-task.ts';
import { DOCX_TYPE } from './custom-document-checks.ts';

/** The durable job that generates a submitted task's document. */
export const GENERATE_JOB = 'generate-document';

type Typed = { type: FieldType; value: string };

/** The snapshot's answers with each one's field type, as the body renderer reads them. */
export function bodyDataFrom(template: TransactionTemplate, snapshot: Record<string, unknown>): BodyData {
  const data: BodyData = { values: {}, lists: {} };
  for (const question of template.questions) {
    const answer = snapshot[question.id];
    if (question.type === 'resource_list') {
      const entries = Array.isArray(answer) ? (answer as Record<string, string>[]) : [];
      data.lists[question.id] = entries.map((entry) => {
        const typed: Record<string, Typed> = {};
        for (const field of question.fields ?? []) {
          typed[field.id] = { type: field.type, value: String(entry[field.id] ?? '') };
        }
        return typed;
      });
    } else {
      data.values[question.id] = { type: question.type, value: typeof answer === 'string' ? answer : '' };
    }
  }
  return data;
}

/** Where a workflow's documents are kept in the cabinet. */
export const workflowFolder = (projectLabel: string) =>
  `/Workflows/${projectLabel.replace(/[/\\]/g, '-').trim() || 'Workflow'}`;

const safeName = (label: string) => label.replace(/[^\w .,()-]+/g, '').trim() || 'Document';

/**
 * The generate-document job: renders a submitted task's body with the answers frozen at finalize into a
 * PDF, stores it, and records it as the task's document. Runs again safely: a task no longer Processing is
 * left alone, and the file is written before the row that names it.
 */
export async function generateDocument(ctx: AppContext, payload: Record<string, unknown>) {
  await generate(ctx, Number(payload.taskId), (payload.autoSend ?? null) as AutoSend);
}

export const GENERATION_FAILED = 'Generation failed';

/**
 * Failed for good (its last attempt threw, or its worker died on it): the task shows Failed with a Retry
 * instead of Processing for ever (a task no longer Processing is left alone).
 */
export async function markGenerationFailed(ctx: AppContext, tx: Tx, taskId: number, reason: string) {
  const [task] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
  if (task?.state !== 'Processing') return;
  await tx
    .update(tasks)
    .set({ state: 'Failed', statusLabel: GENERATION_FAILED, updatedAt: new Date() })
    .where(eq(tasks.id, taskId));
  await tx.insert(taskEvents).values({
    taskId,
    label: GENERATION_FAILED,
    description: 'The document could not be generated. Retry it, or contact support if it fails again.',
    icon: 'error',
  });
  ctx.log.error({ taskId, reason }, 'document generation failed for good');
}

/** A task whose generation failed goes back to Processing, the state the job works from; false if not Failed. */
export async function reopenGeneration(tx: Tx, taskId: number) {
  const now = new Date();
  const [task] = await tx
    .update(tasks)
    .set({ state: 'Processing', statusLabel: null, updatedAt: now })
    .where(and(eq(tasks.id, taskId), eq(tasks.state, 'Failed')))
    .returning({ transactionId: tasks.transactionId });
  if (!task) return false;
  await tx
    .update(transactions)
    .set({ state: 'Processing', updatedAt: now })
    .where(eq(transactions.id, task.transactionId));
  await tx.insert(taskEvents).values({ taskId, label: 'Generation retried', icon: 'submitted' });
  return true;
}

/** auto_send of the finalize: who asked, and the brand its links point to. */
type AutoSend = { by: number; brand: MailBrand } | null;

async function generate(ctx: AppContext, taskId: number, autoSend: AutoSend) {
  const [row] = await ctx.db
    .select({
      task: tasks,
      transaction: transactions,
      templateId: projects.templateId,
      projectLabel: projects.label,
      moduleId: projectTemplates.moduleId,
    })
    .from(tasks)
    .innerJoin(transactions, eq(transactions.id, tasks.transactionId))
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .innerJoin(projectTemplates, eq(projectTemplates.id, projects.templateId))
    .where(eq(tasks.id, taskId));
  if (row?.task.state !== 'Processing') return;
  const { task, transaction } = row;
  const output =
    task.mode === 'Custom'
      ? await fillCustomDocument(ctx, task, transaction.finalizeSnapshot ?? {})
      : await renderLibraryDocument(ctx, row);
  const stored = await ctx.storage.put(output.bytes);
  const { filename, contentType, variantLabel } = output;

  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
    if (current?.state !== 'Processing') return;
    const now = new Date();
    const folder = workflowFolder(row.projectLabel);
    await ensureFolder(tx, task.accountId, folder);
    const [file] = await tx
      .insert(files)
      .values({
        accountId: task.accountId,
        filename,
        contentType,
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
        folder,
      })
      .returning({ id: files.id });
    const document = await attachTaskDocument(tx, {
      accountId: task.accountId,
      task,
      transactionId: transaction.id,
      file: { id: file.id, filename },
      how: 'generated',
      status: 'document.completed',
      templateVariant: variantLabel,
      at: now,
    });
    if (output.redlineSource !== null) {
      // What reviewers redline: the text this PDF was rendered from (modules/review).
      await tx.insert(documentRevisions).values({
        accountId: task.accountId,
        documentId: document.id,
        revision: 0,
        markdown: output.redlineSource,
        fileId: file.id,
      });
    }
    // Reviewers assigned to the group review first: then nothing goes out for signature on its own.
    const reviewing = transaction.reviewers.length > 0;
    if (output.signers.length > 0) {
      // The task is done when its document is signed and sealed (modules/signing).
      await prepareGeneratedSigning({
        ctx,
        tx,
        documentId: document.id,
        fields: output.fields,
        signers: output.signers,
        autoSend: reviewing ? null : autoSend,
      });
    } else {
      await completeTask(tx, taskId, transaction.id, now);
    }
    if (reviewing) {
      const [generated] = await tx.select().from(documents).where(eq(documents.id, document.id));
      const [account] = await tx
        .select({ name: accounts.companyName })
        .from(accounts)
        .where(eq(accounts.id, task.accountId));
      await assignReviewers({
        ctx,
        tx,
        document: generated,
        reviewers: transaction.reviewers,
        brand: autoSend?.brand ?? (await mailBrandFor(ctx, undefined)),
        sender: account?.name ?? '',
      });
    }
    // Open task and documents pages refresh by themselves (spec 1's live channel).
    await announce(tx, document, {});
    ctx.log.info({ taskId, documentId: document.id }, 'document generated');
  });
}

type Generated = {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
  variantLabel: string | null;
  /** Where its template's signers sign, and who they are (none for a Custom document). */
  fields: SigningField[];
  signers: Signer[];
  /** The rendered Markdown, kept when the task group allows redlining (null otherwise). */
  redlineSource: string | null;
};

/** A library task: its Markdown body with the frozen answers, as a PDF. */
async function renderLibraryDocument(
  ctx: AppContext,
  row: { task: typeof tasks.$inferSelect; transaction: typeof transactions.$inferSelect; templateId: string },
): Promise<Generated> {
  const { task, transaction } = row;
  const template = await loadTemplate(ctx.db, row.templateId);
  const transactionTemplate = transactionTemplateOf(template, transaction.templateKey);
  const taskTemplate = taskTemplateOf(transactionTemplate, task.templateKey);
  const variant =
    taskTemplate.variants.find((v) => v.id === task.templateVariantId) ?? taskTemplate.variants[0];
  if (!variant) throw new Error(`Task ${task.id} has no template to generate from`);
  const body = template.bodies[variant.body] ?? '';
  const data = bodyDataFrom(transactionTemplate, transaction.finalizeSnapshot ?? {});
  const markdown = renderBody(body, data);
  const rendered = await markdownToPdf(markdown, {
    title: task.label,
    subject: transaction.label,
  });
  return {
    bytes: rendered.bytes,
    filename: `${safeName(task.label)}.pdf`,
    contentType: 'application/pdf',
    variantLabel: variant.customer_label,
    fields: rendered.fields,
    signers: signersFor(taskTemplate, data),
    redlineSource: transactionTemplate.redline_available ? markdown : null,
  };
}

/** A Custom task: its Word file filled with the values given (answers fill tokens named like questions). */
async function fillCustomDocument(
  ctx: AppContext,
  task: typeof tasks.$inferSelect,
  snapshot: Record<string, unknown>,
): Promise<Generated> {
  const [custom] = await ctx.db.select().from(customDocuments).where(eq(customDocuments.taskId, task.id));
  if (!custom?.fileId) throw new Error(`Task ${task.id} has no custom document`);
  const [file] = await ctx.db.select().from(files).where(eq(files.id, custom.fileId));
  if (!file) throw new Error(`Custom document file ${custom.fileId} is gone`);
  const answers = Object.fromEntries(
    Object.entries(snapshot).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const bytes = await ctx.storage.get(file.storageKey);
  await refuseZipBomb(bytes);
  const filled = await offThread('fillDocx', [bytes, { ...answers, ...custom.fields }]);
  return {
    bytes: filled.bytes,
    filename: `${safeName(task.label)}.docx`,
    contentType: DOCX_TYPE,
    variantLabel: custom.filename,
    fields: [],
    signers: [],
    redlineSource: null,
  };
}
