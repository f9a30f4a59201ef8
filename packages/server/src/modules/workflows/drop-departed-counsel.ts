import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  memberships,
  partnerAccounts,
  partnerMembers,
  projectCounsel,
  projects,
} from '../../db/schema/index.ts';
import { activeMembership } from '../accounts/memberships.ts';
import { provenTeamMember } from '../partners/scope.ts';

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
      and not exists (select 1 from ${memberships}
                      where ${memberships.accountId} = p.account_id and ${memberships.userId} = pc.user_id
                        and ${activeMembership})
      and not exists (select 1 from ${partnerAccounts} pa
                      join ${partnerMembers} on ${partnerMembers.partnerId} = pa.partner_id
                      where pa.account_id = p.account_id and ${partnerMembers.userId} = pc.user_id
                        and ${provenTeamMember})`);
}
