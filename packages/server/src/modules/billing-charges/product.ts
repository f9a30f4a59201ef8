import type { TaskMode } from '@charter/domain';
import {
  type AddonView,
  addonIdempotencyKey,
  type FeeStatus,
  type FeeView,
  feeIdempotencyKey,
  type ProductView,
  stateFeeCents,
} from '@charter/domain';
import type { TransactionTemplate } from '../workflows/catalog.ts';

/** A task of the group as pricing needs it. */
export type PricedTask = {
  id: number;
  templateKey: string;
  mode: TaskMode | string;
  /** The add-ons the workspace chose to buy with it (template keys). */
  chosenAddons: readonly string[];
};

/** A line to charge at submission: a fee or an add-on's first period. */
export type DueLine = {
  purpose: 'fee' | 'addon';
  taskId: number;
  key: string;
  idempotencyKey: string;
  label: string;
  amountCents: number;
};

/**
 * Fees and add-ons pay for what we do: a task we carry out (Generate, Custom; for a state filing, we file
 * it). A task done elsewhere costs nothing here: uploaded (the customer filed it and brings the filed copy)
 * or skipped.
 */
export const billable = (task: Pick<PricedTask, 'mode'>) =>
  task.mode === 'Generate' || task.mode === 'Custom';

/**
 * The fees and add-ons of a group's tasks (spec 2 §3), priced from the answers: a dynamic fee's amount is
 * its state table's amount for the answer of its feature_type_id (no amount: status `none`, nothing due).
 * `charged` holds the status of each line's charge row by idempotency key; `covered` marks what a partner
 * pays for.
 */
export function priceGroup(input: {
  accountId: number;
  template: TransactionTemplate | undefined;
  tasks: readonly PricedTask[];
  answers: Readonly<Record<string, string | undefined>>;
  charged: ReadonlyMap<string, string>;
  /** Cents paid or covered for each fee's key, its top-ups included (see paidByFee). */
  paid?: ReadonlyMap<string, number>;
  feesCovered: boolean;
}): { product: ProductView; due: DueLine[]; toCover: DueLine[] } {
  const fees: FeeView[] = [];
  const addon: AddonView[] = [];
  const due: DueLine[] = [];
  const toCover: DueLine[] = [];
  const sort = (line: DueLine, status: FeeStatus) => {
    if (unpaid(status)) due.push(line);
    else if (status === 'covered' && !charged.has(line.idempotencyKey)) toCover.push(line);
  };
  const statusOf = (key: string, amount: number): FeeStatus => {
    if (amount <= 0) return 'none';
    return (charged.get(key) as FeeStatus | undefined) ?? (input.feesCovered ? 'covered' : 'due');
  };
  const { charged } = input;
  for (const task of input.tasks.filter(billable)) {
    const taskTemplate = input.template?.tasks.find((t) => t.id === task.templateKey);
    for (const fee of taskTemplate?.fees ?? []) {
      const amount = fee.dynamic_table
        ? (stateFeeCents(fee.dynamic_table, input.answers[fee.feature_type_id ?? '']) ?? 0)
        : fee.amount;
      const feeKey = feeIdempotencyKey(input.accountId, task.id, fee.key);
      let idempotencyKey = feeKey;
      let status = statusOf(feeKey, amount);
      let label = fee.label;
      let amountCents = amount;
      // A fee paid (or covered) at a lower amount than its answers now give (the state answer changed
      // before the group was submitted): the difference is due under its own key, named by the new amount.
      const paid = input.paid?.get(feeKey) ?? 0;
      if ((status === 'succeeded' || status === 'covered') && amount > paid) {
        idempotencyKey = feeTopUpKey(feeKey, amount);
        status = statusOf(idempotencyKey, amount);
        label = `${fee.label} (difference)`;
        amountCents = amount - paid;
      }
      fees.push({
        taskId: task.id,
        key: fee.key,
        label: fee.label,
        amount,
        is_annual: fee.is_annual,
        comment: fee.comment,
        dynamic_table: fee.dynamic_table ?? null,
        feature_type_id: fee.feature_type_id ?? null,
        status,
      });
      sort(
        {
          purpose: 'fee',
          taskId: task.id,
          key: fee.key,
          idempotencyKey,
          label,
          amountCents,
        },
        status,
      );
    }
    for (const item of taskTemplate?.addons ?? []) {
      const idempotencyKey = addonIdempotencyKey(input.accountId, task.id, item.key);
      const settled = charged.get(idempotencyKey);
      // Offered, never bought by default: only a chosen add-on (or one already paid for) is priced.
      const chosen = task.chosenAddons.includes(item.key) || settled === 'succeeded' || settled === 'covered';
      const status = chosen ? statusOf(idempotencyKey, item.amount) : 'none';
      addon.push({
        taskId: task.id,
        key: item.key,
        label: item.label,
        amount: item.amount,
        period: item.period,
        chosen,
        status,
      });
      sort(
        {
          purpose: 'addon',
          taskId: task.id,
          key: item.key,
          idempotencyKey,
          label: item.label,
          amountCents: item.amount,
        },
        status,
      );
    }
  }
  const fee_total = due.reduce((sum, line) => sum + line.amountCents, 0);
  return { product: { fees, fee_total, addon }, due, toCover };
}

/** The key of the charge paying a fee's difference up to `amount` cents (`fee:…:{feeKey}:to:{amount}`). */
export const feeTopUpKey = (feeKey: string, amount: number) => `${feeKey}:to:${amount}`;
const TOP_UP = /:to:\d+$/;

/** Cents paid or covered per fee key (a top-up counts for its fee), from a group's charge rows. */
export function paidByFee(rows: readonly { key: string; status: string; amountCents: number }[]) {
  const paid = new Map<string, number>();
  for (const row of rows) {
    if (row.status !== 'succeeded' && row.status !== 'covered') continue;
    const key = row.key.replace(TOP_UP, '');
    paid.set(key, (paid.get(key) ?? 0) + row.amountCents);
  }
  return paid;
}

/** Still to pay: never charged, or charged and refused (a retry uses the same row and key). */
const unpaid = (status: FeeStatus) => ['due', 'pending', 'failed', 'requires_action'].includes(status);

/**
 * The document credits the group's tasks use when submitted, by task: those that generate a document and
 * have not used theirs already (a reopened and resubmitted task does not pay twice).
 */
export function creditsNeeded(
  template: TransactionTemplate | undefined,
  tasks: readonly PricedTask[],
  used: (taskId: number) => boolean,
) {
  return tasks
    .filter((task) => (task.mode === 'Generate' || task.mode === 'Custom') && !used(task.id))
    .map((task) => ({
      taskId: task.id,
      credits: template?.tasks.find((t) => t.id === task.templateKey)?.credits ?? 0,
    }))
    .filter((entry) => entry.credits > 0);
}
