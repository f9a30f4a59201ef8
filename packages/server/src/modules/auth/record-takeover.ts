import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * The owner of an address has just proven it, and the account that held it was never proven: whoever
 * registered it may have been someone else. What that registration set up is listed for the owner to
 * keep or remove (takeover_items, GET /api/user/takeover), and the memberships it granted are
 * suspended meanwhile, so people it let in (directly, or in a workspace it created, through someone it
 * let in) reach nothing of the owner's until the owner says so. As Google does with a "conflicting
 * account" and Slack with a claimed workspace: nothing of the earlier holder's is trusted by default, and
 * nothing is deleted behind the owner's back.
 *
 * Listed: workspaces it created; memberships it granted (suspended); cabinet shared links that still
 * work and personal room links not revoked, that it made. An account proven from the start (a member's
 * invitation, a code for a new address) has nothing here: all of these need a signed-in account.
 */
export async function recordTakeover(tx: Tx, userId: number) {
  const user = sql`${userId}::int`;
  await tx.execute(sql`
    with created as (
      select id from accounts where created_by = ${user}
    ), granted as (
      update memberships m set suspended_at = now()
       where m.user_id <> ${user} and m.suspended_at is null
         and (m.invited_by = ${user} or m.account_id in (select id from created))
      returning m.account_id, m.user_id
    )
    insert into takeover_items (user_id, kind, account_id, target_id)
    select ${user}, kind, account_id, target_id from (
      select 'workspace' as kind, id as account_id, null::int as target_id from created
      union all
      select 'membership', account_id, user_id from granted
      union all
      select 'shared_link', account_id, id from shared_links
       where created_by = ${user} and expires_at > now()
      union all
      select 'room_code', r.account_id, c.id from room_codes c join rooms r on r.id = c.room_id
       where c.created_by = ${user} and c.revoked_at is null
    ) items`);
}
