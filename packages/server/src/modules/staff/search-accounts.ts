import type { StaffAccountPage } from '@charter/domain';
import { eq, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, brands } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { authorizeStaff } from './policies.ts';
import { presentStaffAccount } from './presenters.ts';
import { containsPattern, countAll, idOf, pageWindow } from './scope.ts';

export const memberCount = sql<number>`(select count(*)::int from memberships m where m.account_id = ${accounts.id})`;

/** GET /api/staff/accounts: workspaces by name or id, newest first, with their member count and brand. */
export async function searchAccounts({
  tx,
  actor,
  q,
  page,
}: {
  tx: Tx;
  actor: UserActor;
  q?: string;
  page: number;
}): Promise<StaffAccountPage> {
  authorizeStaff(actor);
  const id = q ? idOf(q) : null;
  const where = q
    ? or(ilike(accounts.companyName, containsPattern(q)), id ? eq(accounts.id, id) : undefined)
    : undefined;
  const { limit, offset } = pageWindow(page);
  const rows = await tx
    .select({ account: accounts, brandHostname: brands.hostname, memberCount })
    .from(accounts)
    .leftJoin(brands, eq(brands.id, accounts.brandId))
    .where(where)
    .orderBy(sql`${accounts.id} desc`)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await tx.select({ total: countAll }).from(accounts).where(where);
  return {
    items: rows.map((row) => presentStaffAccount(row.account, row)),
    page,
    page_size: limit,
    total,
  };
}
