import { deliverableTimeline, taskStatusLabel, transactionCardStatus } from '@charter/domain';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, projects, taskEvents, tasks, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { loadTemplates, type StoredTemplate, type TransactionTemplate } from './catalog.ts';
import { transactionAbilities, visibleTransactions } from './policies.ts';

type DocumentRow = typeof documents.$inferSelect;
type EventRow = typeof taskEvents.$inferSelect;

/** What lists need of a task, its newest document and its group. */
type ListTask = {
  id: number;
  transactionId: number;
  templateKey: string;
  label: string;
  mode: string;
  state: string;
  statusLabel: string | null;
  templateVariantId: string | null;
};
type ListDocument = {
  taskId: number;
  id: number;
  filename: string;
  fileId: number | null;
  status: string | null;
  revisionCount: number;
};
type ListTransaction = {
  id: number;
  accountId: number;
  projectId: number;
  templateKey: string;
  position: number;
  label: string;
  state: string;
  open: boolean;
  isStarted: boolean;
  validatedQuestionnaire: boolean;
  allowReopen: boolean;
  /** ISO 8601, as the database writes them. */
  submissionDate: string | null;
  createdAt: string;
  updatedAt: string;
  projectLabel: string;
  templateId: string;
  blocking: boolean;
  finalizeSnapshot: Record<string, unknown> | null;
};

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

/** A task's newest document, as tasks show it. */
const presentTaskDocument = (document: ListDocument | undefined) =>
  document
    ? {
        id: document.id,
        filename: document.filename,
        box_file_id: document.fileId,
        status: document.status,
        revision_count: document.revisionCount,
      }
    : null;

function presentTask(
  row: ListTask,
  template: TransactionTemplate | undefined,
  document: ListDocument | undefined,
  events: EventRow[] | undefined,
) {
  const taskTemplate = template?.tasks.find((t) => t.id === row.templateKey);
  const variants = taskTemplate?.variants ?? [];
  const variant = variants.find((v) => v.id === row.templateVariantId) ?? null;
  const presentedDocument = presentTaskDocument(document);
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

/** The template part of a transaction view: the same object for every group of one template. */
function presentGroupTemplate(template: StoredTemplate | undefined, key: string) {
  const transactionTemplate = template?.transactions.find((t) => t.id === key);
  return {
    id: key,
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
  };
}

function presentTransaction(
  row: ListTransaction,
  groupTemplate: ReturnType<typeof presentGroupTemplate>,
  taskViews: ReturnType<typeof presentTask>[],
) {
  const view = {
    id: row.id,
    label: row.label,
    state: row.state,
    open: row.open,
    is_started: row.isStarted,
    submission_date: row.submissionDate,
    validated_questionnaire: row.validatedQuestionnaire,
    allow_reopen: row.allowReopen,
    disabled: row.open && row.blocking,
    description: groupTemplate.description,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    account_id: row.accountId,
    project_id: row.projectId,
    project_label: row.projectLabel,
    project_template_id: row.templateId,
    position: row.position,
    order_block_info: { blocking: row.blocking },
    finalize_snapshot: row.finalizeSnapshot ?? null,
    tasks: taskViews,
    template: groupTemplate,
  };
  const abilities = transactionAbilities({
    open: row.open,
    allowReopen: row.allowReopen,
    deleteLevel: groupTemplate.delete_level,
    tasks: taskViews,
  });
  return { ...view, status: transactionCardStatus(view), abilities };
}
export type TransactionView = ReturnType<typeof presentTransaction>;

/**
 * Rows come back from the database as one JSON text value: PGlite's cost is per cell handed over, and a
 * 3,000-row list of 17 columns is several times slower as cells than as one parsed JSON array.
 */
async function jsonArrays(tx: Tx, query: SQL): Promise<unknown[][]> {
  const result = await tx.execute<{ data: string | null }>(query);
  const text = result.rows[0]?.data;
  return text ? (JSON.parse(text) as unknown[][]) : [];
}

/**
 * Transactions with their tasks, documents and templates in a constant number of queries, whatever
 * the number of rows (the list route serves up to 5,000).
 */
type LoadOptions = { where?: SQL; limit?: number; withTimeline?: boolean };

async function fetchGroups(tx: Tx, actor: MemberActor, options: LoadOptions) {
  const chosen = sql`select ${transactions.id} from ${transactions}
    where ${and(eq(transactions.accountId, actor.accountId), visibleTransactions(actor), options.where)}
    order by ${transactions.updatedAt} desc, ${transactions.id} desc limit ${options.limit ?? 3000}`;
  const transactionRows = await jsonArrays(
    tx,
    sql`select json_agg(json_build_array(t.id, t.account_id, t.project_id, t.template_key, t.position, t.label,
        t.state, t.open, t.is_started, t.validated_questionnaire, t.allow_reopen, t.submission_date, t.created_at,
        t.updated_at, p.label, p.template_id,
        exists (select 1 from ${transactions} prior where prior.project_id = t.project_id
                and prior.position < t.position and prior.open),
        ${options.withTimeline ? sql`t.finalize_snapshot` : sql`null`})
      order by t.updated_at desc, t.id desc)::text as data
      from ${transactions} t join ${projects} p on p.id = t.project_id
      where t.id in (${chosen})`,
  );
  if (transactionRows.length === 0) return null;
  const taskRows = await jsonArrays(
    tx,
    sql`select json_agg(json_build_array(k.id, k.transaction_id, k.template_key, k.label, k.mode, k.state,
        k.status_label, k.template_variant_id) order by k.transaction_id, k.position)::text as data
      from ${tasks} k where k.transaction_id in (${chosen})`,
  );
  const documentRows = await jsonArrays(
    tx,
    sql`select json_agg(json_build_array(d.task_id, d.id, d.filename, d.file_id, d.status, d.revision_count))::text
        as data
      from (select distinct on (task_id) * from ${documents}
            where task_id in (select k.id from ${tasks} k where k.transaction_id in (${chosen}))
              and status is distinct from 'document.deleted'
            order by task_id, id desc) d`,
  );
  const rows: ListTransaction[] = transactionRows.map((r) => ({
    id: r[0] as number,
    accountId: r[1] as number,
    projectId: r[2] as number,
    templateKey: r[3] as string,
    position: r[4] as number,
    label: r[5] as string,
    state: r[6] as string,
    open: r[7] as boolean,
    isStarted: r[8] as boolean,
    validatedQuestionnaire: r[9] as boolean,
    allowReopen: r[10] as boolean,
    submissionDate: r[11] as string | null,
    createdAt: r[12] as string,
    updatedAt: r[13] as string,
    projectLabel: r[14] as string,
    templateId: r[15] as string,
    blocking: r[16] as boolean,
    finalizeSnapshot: (r[17] as Record<string, unknown> | null) ?? null,
  }));
  const taskList: ListTask[] = taskRows.map((r) => ({
    id: r[0] as number,
    transactionId: r[1] as number,
    templateKey: r[2] as string,
    label: r[3] as string,
    mode: r[4] as string,
    state: r[5] as string,
    statusLabel: r[6] as string | null,
    templateVariantId: r[7] as string | null,
  }));
  const documentByTask = new Map(
    documentRows.map((r) => [
      r[0] as number,
      {
        taskId: r[0] as number,
        id: r[1] as number,
        filename: r[2] as string,
        fileId: r[3] as number | null,
        status: r[4] as string | null,
        revisionCount: r[5] as number,
      },
    ]),
  );
  const templates = await loadTemplates(
    tx,
    rows.map((r) => r.templateId),
  );
  return { rows, tasksByTransaction: groupBy(taskList, (t) => t.transactionId), documentByTask, templates };
}

/** Transactions with their tasks (each with its newest document and template details) and templates. */
export async function loadTransactionViews(
  tx: Tx,
  actor: MemberActor,
  options: LoadOptions = {},
): Promise<TransactionView[]> {
  const groups = await fetchGroups(tx, actor, options);
  if (!groups) return [];
  const { rows, tasksByTransaction, documentByTask, templates } = groups;
  const taskIds = rows.flatMap((row) => (tasksByTransaction.get(row.id) ?? []).map((t) => t.id));
  const eventRows =
    options.withTimeline && taskIds.length
      ? await tx
          .select()
          .from(taskEvents)
          .where(inArray(taskEvents.taskId, taskIds))
          .orderBy(desc(taskEvents.createdAt), desc(taskEvents.id))
      : [];
  const eventsByTask = groupBy(eventRows, (e) => e.taskId);
  const groupTemplates = new Map<string, ReturnType<typeof presentGroupTemplate>>();
  return rows.map((row) => {
    const template = templates.get(row.templateId);
    const transactionTemplate = template?.transactions.find((t) => t.id === row.templateKey);
    const cacheKey = `${row.templateId}/${row.templateKey}`;
    let groupTemplate = groupTemplates.get(cacheKey);
    if (!groupTemplate) {
      groupTemplate = presentGroupTemplate(template, row.templateKey);
      groupTemplates.set(cacheKey, groupTemplate);
    }
    const taskViews = (tasksByTransaction.get(row.id) ?? []).map((task) =>
      presentTask(
        task,
        transactionTemplate,
        documentByTask.get(task.id),
        options.withTimeline ? (eventsByTask.get(task.id) ?? []) : undefined,
      ),
    );
    return presentTransaction(row, groupTemplate, taskViews);
  });
}

/**
 * The transaction list (up to 5,000 rows): each group's card fields and its tasks' status, without
 * the template details a single group's page shows.
 */
export async function loadTransactionSummaries(tx: Tx, actor: MemberActor, options: LoadOptions = {}) {
  const groups = await fetchGroups(tx, actor, options);
  if (!groups) return [];
  const { rows, tasksByTransaction, documentByTask, templates } = groups;
  return rows.map((row) => {
    const template = templates.get(row.templateId);
    const tasks = (tasksByTransaction.get(row.id) ?? []).map((task) => {
      const document = documentByTask.get(task.id);
      const presented = presentTaskDocument(document);
      return {
        id: task.id,
        label: task.label,
        mode: task.mode,
        state: task.state,
        bypassed: task.mode === 'Skip',
        status_label: taskStatusLabel({
          state: task.state,
          status_label: task.statusLabel,
          document: presented,
        }),
        document: presented,
      };
    });
    const summary = {
      id: row.id,
      label: row.label,
      state: row.state,
      open: row.open,
      is_started: row.isStarted,
      validated_questionnaire: row.validatedQuestionnaire,
      allow_reopen: row.allowReopen,
      disabled: row.open && row.blocking,
      submission_date: row.submissionDate,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
      project_id: row.projectId,
      project_label: row.projectLabel,
      project_template_id: row.templateId,
      position: row.position,
      order_block_info: { blocking: row.blocking },
      template: {
        id: row.templateKey,
        is_assessment: template?.is_assessment ?? false,
        module_id: template?.module_id ?? 2,
      },
      tasks,
    };
    const abilities = transactionAbilities({
      open: row.open,
      allowReopen: row.allowReopen,
      deleteLevel: template?.transactions.find((t) => t.id === row.templateKey)?.delete_level ?? 1,
      tasks,
    });
    return { ...summary, status: transactionCardStatus(summary), abilities };
  });
}

export async function loadTransactionView(tx: Tx, actor: MemberActor, id: number) {
  const [view] = await loadTransactionViews(tx, actor, {
    where: eq(transactions.id, id),
    limit: 1,
    withTimeline: true,
  });
  return view ?? null;
}
