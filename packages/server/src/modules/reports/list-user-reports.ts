import { RESTRICTED_ROLE_ID, type UserReportView } from '@charter/domain';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  accounts,
  authenticators,
  memberships,
  resourceFeatures,
  resources,
  sharedReports,
} from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { loadCatalogue } from './catalogue.ts';
import { presentColumns } from './presenters.ts';
import { chosenRows, loadReportRows, maskedRows, ownRows, rowsOf } from './rows.ts';

/** The user's verified addresses, lower-cased: what their own rows of a report are found by. */
async function verifiedEmails(tx: Tx, actor: UserActor) {
  const extra = await tx
    .select({ value: authenticators.value })
    .from(authenticators)
    .where(
      and(
        eq(authenticators.userId, actor.userId),
        eq(authenticators.type, 'email'),
        isNotNull(authenticators.verifiedAt),
      ),
    );
  const all = [...(actor.user.emailVerifiedAt ? [actor.user.email] : []), ...extra.map((row) => row.value)];
  return new Set(all.map((email) => email.trim().toLowerCase()));
}

/**
 * GET /api/user/report: the active shared reports a user may see, across workspaces. A member of a
 * (non-restricted) workspace sees its shared reports' chosen rows; anyone else (an investor, an LP) sees
 * only the rows whose email column holds one of their verified addresses. Empty tables are left out.
 */
export async function listUserReports({
  tx,
  actor,
}: {
  tx: Tx;
  actor: UserActor;
}): Promise<UserReportView[]> {
  const emails = await verifiedEmails(tx, actor);
  const memberOf = await tx
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, actor.userId), ne(accounts.roleId, RESTRICTED_ROLE_ID)));
  const members = new Set(memberOf.map((row) => row.accountId));
  const named =
    emails.size === 0
      ? []
      : await tx
          .selectDistinct({ accountId: resources.accountId })
          .from(resourceFeatures)
          .innerJoin(resources, eq(resources.id, resourceFeatures.resourceId))
          .where(inArray(sql`lower(trim(${resourceFeatures.value}))`, [...emails]));
  let accountIds = [...new Set([...members, ...named.map((row) => row.accountId)])];
  if (actor.boundAccountId !== null) accountIds = accountIds.filter((id) => id === actor.boundAccountId);
  if (accountIds.length === 0) return [];
  const shared = await tx
    .select({ report: sharedReports, accountName: accounts.companyName })
    .from(sharedReports)
    .innerJoin(accounts, eq(accounts.id, sharedReports.accountId))
    .where(and(inArray(sharedReports.accountId, accountIds), eq(sharedReports.isActive, true)))
    .orderBy(sharedReports.accountId, sharedReports.id);
  if (shared.length === 0) return [];
  const wanted = new Set(shared.map(({ report }) => `${report.accountId}:${report.reportKey}`));
  const definitions = (
    await loadCatalogue(tx, [...new Set(shared.map(({ report }) => report.accountId))])
  ).filter((d) => wanted.has(`${d.accountId}:${d.key}`));
  const rows = await loadReportRows(tx, definitions);
  const byKey = new Map(definitions.map((d) => [`${d.accountId}:${d.key}`, d]));
  return shared.flatMap(({ report, accountName }) => {
    const d = byKey.get(`${report.accountId}:${report.reportKey}`);
    if (!d) return [];
    const chosen = chosenRows(rowsOf(rows, d), report.metadata?.resource_id ?? []);
    const visible = members.has(report.accountId) ? chosen : maskedRows(d, ownRows(d, chosen, emails));
    if (visible.length === 0) return [];
    return [
      {
        id: report.id,
        account: { id: report.accountId, name: accountName },
        feature_type_id: d.key,
        question_label: d.label,
        feature_types: presentColumns(d),
        rows: visible,
      },
    ];
  });
}
