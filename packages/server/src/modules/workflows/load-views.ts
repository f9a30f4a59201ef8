import type { ProductView, TaskMode, TransactionSummary, TransactionView } from '@charter/domain';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, projects, taskEvents, tasks, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { priceTransaction } from '../billing-charges/pricing.ts';
import { loadTemplates } from './catalog.ts';
import { visibleTransactions } from './policies.ts';
import {
  presentGroupTemplate,
  presentTask,
  presentTaskSummary,
  presentTransaction,
  presentTransactionSummary,
} from './presenters.ts';

/**
 * The read model of task groups: the rows their views and lists are presented from, read in a constant
 * number of queries whatever the number of groups.
 */

/** What lists need of a task, its newest document and its group. */
export type ListTask = {
  id: number;
  transactionId: number;
  templateKey: string;
  label: string;
  mode: TaskMode;
  state: string;
  statusLabel: string | null;
  templateVariantId: string | null;
  chosenAddons: string[];
};
export type ListDocument = {
  taskId: number;
  id: number;
  filename: string;
  fileId: number | null;
  status: string | null;
  revisionCount: number;
  redliningAllowed: boolean;
  /** Out for signature: the file being signed (fileId waits for the sealed one). */
  originalFileId: number | null;
};
export type ListTransaction = {
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
  /** Assign Reviewers (read with the snapshot: only the single-group view shows them). */
  reviewers: { first_name: string; last_name: string; email: string }[];
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
type LoadOptions = { where?: SQL; limit?: number; withSnapshot?: boolean };

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
        ${options.withSnapshot ? sql`t.finalize_snapshot` : sql`null`},
        ${options.withSnapshot ? sql`t.reviewers` : sql`null`})
      order by t.updated_at desc, t.id desc)::text as data
      from ${transactions} t join ${projects} p on p.id = t.project_id
      where t.id in (${chosen})`,
  );
  if (transactionRows.length === 0) return null;
  const taskRows = await jsonArrays(
    tx,
    sql`select json_agg(json_build_array(k.id, k.transaction_id, k.template_key, k.label, k.mode, k.state,
        k.status_label, k.template_variant_id, k.chosen_addons) order by k.transaction_id, k.position, k.id)::text
        as data
      from ${tasks} k where k.transaction_id in (${chosen})`,
  );
  const documentRows = await jsonArrays(
    tx,
    sql`select json_agg(json_build_array(d.task_id, d.id, d.filename, d.file_id, d.status, d.revision_count,
        d.redlining_allowed, d.original_file_id))::text
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
    reviewers: (r[18] as ListTransaction['reviewers'] | null) ?? [],
  }));
  const taskList: ListTask[] = taskRows.map((r) => ({
    id: r[0] as number,
    transactionId: r[1] as number,
    templateKey: r[2] as string,
    label: r[3] as string,
    mode: r[4] as TaskMode,
    state: r[5] as string,
    statusLabel: r[6] as string | null,
    templateVariantId: r[7] as string | null,
    chosenAddons: (r[8] as string[] | null) ?? [],
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
        redliningAllowed: r[6] as boolean,
        originalFileId: r[7] as number | null,
      },
    ]),
  );
  const templates = await loadTemplates(
    tx,
    rows.map((r) => r.templateId),
  );
  return { rows, tasksByTransaction: groupBy(taskList, (t) => t.transactionId), documentByTask, templates };
}

/**
 * Task groups as their own page shows them: tasks with their newest document, template details and
 * timeline, and the answers frozen at submission.
 */
async function loadTransactionViews(tx: Tx, actor: MemberActor, options: LoadOptions) {
  const groups = await fetchGroups(tx, actor, { ...options, withSnapshot: true });
  if (!groups) return [];
  const { rows, tasksByTransaction, documentByTask, templates } = groups;
  const taskIds = rows.flatMap((row) => (tasksByTransaction.get(row.id) ?? []).map((t) => t.id));
  const eventRows = taskIds.length
    ? await tx
        .select()
        .from(taskEvents)
        .where(inArray(taskEvents.taskId, taskIds))
        .orderBy(desc(taskEvents.createdAt), desc(taskEvents.id))
    : [];
  const eventsByTask = groupBy(eventRows, (e) => e.taskId);
  const groupTemplates = new Map<string, TransactionView['template']>();
  // Fees read the answers and charges of each group: this view is of one group (loadTransactionView).
  const products = new Map<number, { product: ProductView; credits: number }>();
  for (const row of rows) {
    const transactionTemplate = templates
      .get(row.templateId)
      ?.transactions.find((t) => t.id === row.templateKey);
    const groupTasks = tasksByTransaction.get(row.id) ?? [];
    const priced = await priceTransaction(tx, row, transactionTemplate, { tasks: groupTasks });
    products.set(row.id, { product: priced.product, credits: priced.creditsTotal });
  }
  return rows.map((row) => {
    const { product, credits } = products.get(row.id) ?? {
      product: { fees: [], fee_total: 0, addon: [] },
      credits: 0,
    };
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
        eventsByTask.get(task.id) ?? [],
        product,
      ),
    );
    return presentTransaction(row, groupTemplate, taskViews, product, credits);
  });
}

/**
 * The transaction list (up to 5,000 rows): each group's card fields and its tasks' status, without
 * the template details a single group's page shows.
 */
export async function loadTransactionSummaries(
  tx: Tx,
  actor: MemberActor,
  options: LoadOptions = {},
): Promise<TransactionSummary[]> {
  const groups = await fetchGroups(tx, actor, options);
  if (!groups) return [];
  const { rows, tasksByTransaction, documentByTask, templates } = groups;
  return rows.map((row) => {
    const tasks = (tasksByTransaction.get(row.id) ?? []).map((task) =>
      presentTaskSummary(task, documentByTask.get(task.id)),
    );
    return presentTransactionSummary(row, templates.get(row.templateId), tasks);
  });
}

export async function loadTransactionView(tx: Tx, actor: MemberActor, id: number) {
  const [view] = await loadTransactionViews(tx, actor, { where: eq(transactions.id, id), limit: 1 });
  return view ?? null;
}
