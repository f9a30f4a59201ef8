import { deliverableTimeline, taskStatusLabel, transactionCardStatus } from '@charter/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, projects, taskEvents, tasks, transactions } from '../../db/schema/index.ts';
import { loadTemplates, type StoredTemplate, type TransactionTemplate } from './catalog.ts';

type TransactionRow = typeof transactions.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;
type DocumentRow = typeof documents.$inferSelect;
type EventRow = typeof taskEvents.$inferSelect;

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Whether an earlier task group of the same project has not been submitted yet. */
const blocking = sql<boolean>`exists (select 1 from ${transactions} as prior
  where prior.project_id = ${transactions.projectId} and prior.position < ${transactions.position}
    and prior.open)`;

export function presentDocument(row: DocumentRow) {
  return {
    id: row.id,
    filename: row.filename,
    label: row.label,
    box_file_id: row.fileId,
    status: row.status,
    revision_count: row.revisionCount,
    template_variant: row.templateVariant,
    account_task_id: row.taskId,
    transaction_id: row.transactionId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

function presentTask(
  row: TaskRow,
  template: TransactionTemplate | undefined,
  document: DocumentRow | undefined,
  events: EventRow[] | undefined,
) {
  const taskTemplate = template?.tasks.find((t) => t.id === row.templateKey);
  const variants = taskTemplate?.variants ?? [];
  const variant = variants.find((v) => v.id === row.templateVariantId) ?? null;
  const presentedDocument = document
    ? {
        id: document.id,
        filename: document.filename,
        box_file_id: document.fileId,
        status: document.status,
        revision_count: document.revisionCount,
      }
    : null;
  const type = taskTemplate?.type ?? 'Document';
  return {
    id: row.id,
    label: row.label,
    mode: row.mode,
    state: row.state,
    bypassed: row.mode === 'Skip',
    status_label: taskStatusLabel({
      state: row.state,
      status_label: row.statusLabel,
      document: presentedDocument,
    }),
    modes: taskTemplate?.modes ?? [],
    document: presentedDocument,
    template: {
      type,
      type_label: type,
      deliverables: (taskTemplate?.deliverables ?? []).map((d) => ({
        ...d,
        timeline: deliverableTimeline(d, { type, mode: row.mode }),
      })),
    },
    template_variant: variant && {
      id: variant.id,
      customer_label: variant.customer_label,
      description: variant.description,
    },
    template_type: {
      customer_label: variant?.customer_label ?? row.label,
      variants: variants.map((v) => ({
        id: v.id,
        customer_label: v.customer_label,
        description: v.description,
      })),
    },
    timeline: events?.map((event) => ({
      id: event.id,
      label: event.label,
      description: event.description,
      icon: event.icon,
      link: event.link,
      created_at: event.createdAt.toISOString(),
    })),
  };
}

function presentTransaction(
  row: TransactionRow & { blocking: boolean; projectLabel: string; templateId: string },
  template: StoredTemplate | undefined,
  taskViews: ReturnType<typeof presentTask>[],
) {
  const transactionTemplate = template?.transactions.find((t) => t.id === row.templateKey);
  const view = {
    id: row.id,
    label: row.label,
    state: row.state,
    open: row.open,
    is_started: row.isStarted,
    submission_date: row.submissionDate?.toISOString() ?? null,
    validated_questionnaire: row.validatedQuestionnaire,
    allow_reopen: row.allowReopen,
    disabled: row.open && row.blocking,
    description: transactionTemplate?.description ?? '',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    account_id: row.accountId,
    project_id: row.projectId,
    project_label: row.projectLabel,
    project_template_id: row.templateId,
    position: row.position,
    order_block_info: { blocking: row.blocking },
    finalize_snapshot: row.finalizeSnapshot ?? null,
    tasks: taskViews,
    template: {
      id: row.templateKey,
      type: template?.is_assessment ? 'Assessment' : 'Workflow',
      is_assessment: template?.is_assessment ?? false,
      module_id: template?.module_id ?? 2,
      delete_level: transactionTemplate?.delete_level ?? 1,
      redline_available: transactionTemplate?.redline_available ?? false,
      validators: transactionTemplate?.validators ?? [],
      faqs: template?.faqs ?? [],
      description: transactionTemplate?.description ?? '',
      prerequisites: { subscriptions: template?.prerequisites ?? [] },
      task_event: { modes: [...new Set(transactionTemplate?.tasks.flatMap((t) => t.modes) ?? [])] },
    },
  };
  return { ...view, status: transactionCardStatus(view) };
}
export type TransactionView = ReturnType<typeof presentTransaction>;

/**
 * Transactions with their tasks, documents and templates in a constant number of queries, whatever
 * the number of rows (the list route serves up to 5,000).
 */
export async function loadTransactionViews(
  tx: Tx,
  accountId: number,
  options: { where?: SQL; limit?: number; withTimeline?: boolean } = {},
): Promise<TransactionView[]> {
  const rows = await tx
    .select({
      transaction: transactions,
      blocking,
      projectLabel: projects.label,
      templateId: projects.templateId,
    })
    .from(transactions)
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .where(and(eq(transactions.accountId, accountId), options.where))
    .orderBy(desc(transactions.updatedAt), desc(transactions.id))
    .limit(options.limit ?? 3000);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.transaction.id);
  const taskRows = await tx
    .select()
    .from(tasks)
    .where(inArray(tasks.transactionId, ids))
    .orderBy(asc(tasks.transactionId), asc(tasks.position));
  const taskIds = taskRows.map((t) => t.id);
  // The newest document of each task.
  const documentRows = taskIds.length
    ? await tx
        .selectDistinctOn([documents.taskId])
        .from(documents)
        .where(
          and(
            inArray(documents.taskId, taskIds),
            sql`${documents.status} is distinct from 'document.deleted'`,
          ),
        )
        .orderBy(documents.taskId, desc(documents.id))
    : [];
  const eventRows =
    options.withTimeline && taskIds.length
      ? await tx
          .select()
          .from(taskEvents)
          .where(inArray(taskEvents.taskId, taskIds))
          .orderBy(desc(taskEvents.createdAt), desc(taskEvents.id))
      : [];
  const templates = await loadTemplates(
    tx,
    rows.map((r) => r.templateId),
  );
  const documentByTask = new Map(documentRows.map((d) => [d.taskId, d]));
  const eventsByTask = groupBy(eventRows, (e) => e.taskId);
  const tasksByTransaction = groupBy(taskRows, (t) => t.transactionId);
  return rows.map(({ transaction, ...extra }) => {
    const template = templates.get(extra.templateId);
    const transactionTemplate = template?.transactions.find((t) => t.id === transaction.templateKey);
    const taskViews = (tasksByTransaction.get(transaction.id) ?? []).map((task) =>
      presentTask(
        task,
        transactionTemplate,
        documentByTask.get(task.id),
        options.withTimeline ? (eventsByTask.get(task.id) ?? []) : undefined,
      ),
    );
    return presentTransaction({ ...transaction, ...extra }, template, taskViews);
  });
}

export async function loadTransactionView(tx: Tx, accountId: number, id: number) {
  const [view] = await loadTransactionViews(tx, accountId, {
    where: eq(transactions.id, id),
    limit: 1,
    withTimeline: true,
  });
  return view ?? null;
}
