import { creditsIdempotencyKey } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { charges, tasks, type transactions } from '../../db/schema/index.ts';
import { loadAnswers } from '../workflows/answers.ts';
import { type TransactionTemplate, templateFor } from '../workflows/catalog.ts';
import { creditsNeeded, type PricedTask, paidByFee, priceGroup } from './product.ts';
import { hasFeePartner, loadStanding, type Standing } from './standing.ts';
import { meetsSubscriptions } from './subscription-rules.ts';

type TransactionRow = typeof transactions.$inferSelect;

/** Everything submitting a group costs the workspace: fees, add-ons, credits, the plan it needs. */
export type Pricing = Awaited<ReturnType<typeof priceSubmission>>;

export async function priceSubmission(tx: Tx, transaction: TransactionRow) {
  const { template, transactionTemplate } = await templateFor(tx, transaction);
  const standing = await loadStanding(tx, transaction.accountId);
  const priced = await priceTransaction(tx, transaction, transactionTemplate, { standing });
  const required = template.prerequisites;
  return {
    ...priced,
    standing,
    subscriptionsRequired: required,
    subscriptionOk: meetsSubscriptions(required, standing.activePlans),
  };
}

/**
 * A group's fees, add-ons and credits as its page shows them (the product of its view). What the caller
 * has already read is passed in `known`: the workspace's standing, the group's tasks (in position, then
 * id, order); the rest is read here, and nothing at all for a definition without fees.
 */
export async function priceTransaction(
  tx: Tx,
  transaction: { id: number; accountId: number },
  transactionTemplate: TransactionTemplate | undefined,
  known: { standing?: Standing; tasks?: readonly PricedTask[] } = {},
) {
  const accountId = transaction.accountId;
  // A definition stored before fees existed has none of these keys.
  const hasFees = transactionTemplate?.tasks.some(
    (t) => (t.fees?.length ?? 0) + (t.addons?.length ?? 0) + (t.credits ?? 0) > 0,
  );
  if (!transactionTemplate || !hasFees) {
    return {
      product: { fees: [], fee_total: 0, addon: [] },
      due: [],
      toCover: [],
      credits: [],
      creditsTotal: 0,
    };
  }
  const taskRows =
    known.tasks ??
    (await tx
      .select({
        id: tasks.id,
        templateKey: tasks.templateKey,
        mode: tasks.mode,
        chosenAddons: tasks.chosenAddons,
      })
      .from(tasks)
      .where(eq(tasks.transactionId, transaction.id))
      .orderBy(tasks.position, tasks.id));
  const answers = await loadAnswers(tx, transaction.id, transactionTemplate);
  const chargeRows = await tx
    .select({ key: charges.idempotencyKey, status: charges.status, amountCents: charges.amountCents })
    .from(charges)
    .where(and(eq(charges.accountId, accountId), eq(charges.transactionId, transaction.id)));
  const charged = new Map(chargeRows.map((c) => [c.key, c.status]));
  const feesCovered = known.standing
    ? known.standing.feePartner !== null
    : await hasFeePartner(tx, accountId);
  const priced = priceGroup({
    accountId,
    template: transactionTemplate,
    tasks: taskRows,
    answers: answers.values,
    charged,
    paid: paidByFee(chargeRows),
    feesCovered,
  });
  const credits = creditsNeeded(transactionTemplate, taskRows, (taskId) =>
    charged.has(creditsIdempotencyKey(accountId, taskId)),
  );
  return { ...priced, credits, creditsTotal: credits.reduce((sum, c) => sum + c.credits, 0) };
}
