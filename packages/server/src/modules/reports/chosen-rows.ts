import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { findDefinition } from './catalogue.ts';
import { loadReportRows, rowsOf } from './rows.ts';

export type Sharing = { is_active?: boolean; metadata?: { resource_id: number[] } };

/**
 * The rows a shared report is narrowed to, checked to be rows of the report (so no other workspace's
 * resource is ever named: one of another workspace is absent); undefined when none are given, [] for all.
 */
export async function checkedRows(
  tx: Tx,
  actor: MemberActor,
  key: string,
  resourceIds: number[] | undefined,
) {
  const definition = await findDefinition(tx, actor.accountId, key);
  if (!definition) throw notFound('Report not found');
  if (!resourceIds?.length) return resourceIds && [];
  const rows = rowsOf(await loadReportRows(tx, [definition]), definition);
  const known = new Set(rows.map((row) => row.resource_id));
  if (resourceIds.some((id) => !known.has(id))) throw notFound('Report row not found');
  return [...new Set(resourceIds)];
}
