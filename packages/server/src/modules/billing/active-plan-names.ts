import type { Tx } from '../../db/client.ts';
import { presentSubscription } from './presenters.ts';
import { listSubscriptionRows } from './scope.ts';
import { planCatalogue } from './setup.ts';

/**
 * The plan names of the workspace's active subscriptions, newest first and each once, named as the
 * billing page names them (the plan's label in the brand's catalogue): the user menu's list (spec 1 §2).
 */
export async function activePlanNames(tx: Tx, accountId: number): Promise<string[]> {
  const rows = await listSubscriptionRows(tx, accountId);
  if (rows.length === 0) return [];
  const catalogue = await planCatalogue(tx, accountId);
  const active = rows.map((row) => presentSubscription(row, catalogue)).filter((s) => s.active);
  return [...new Set(active.map((s) => s.nickname))];
}
