import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  memberships,
  partnerAccounts,
  partnerMembers,
  projectCounsel,
  projects,
} from '../../db/schema/index.ts';

/**
 * Takes workflow roles (counsel) away from whoever may no longer hold one in these workspaces: people who
 * are neither members nor people of a partner connected to them (spec 2 §3). Run after a member leaves, a
 * partner is disconnected or a partner's person leaves its team; the work itself stays.
 */
export async function dropDepartedCounsel(tx: Tx, accountIds: number[]) {
  if (accountIds.length === 0) return;
  await tx.execute(sql`
    delete from ${projectCounsel} pc using ${projects} p
    where pc.project_id = p.id
      and p.account_id in (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and not exists (select 1 from ${memberships} m
                      where m.account_id = p.account_id and m.user_id = pc.user_id)
      and not exists (select 1 from ${partnerAccounts} pa
                      join ${partnerMembers} pm on pm.partner_id = pa.partner_id
                      where pa.account_id = p.account_id and pm.user_id = pc.user_id)`);
}
