import { RESTRICTED_ROLE_ID, type ReportRow, type UserReportView } from '@charter/domain';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { TokenService } from '../../adapters/tokens.ts';
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
import { activeMembership } from '../accounts/memberships.ts';
import { loadCatalogue, type ReportDefinition } from './catalogue.ts';
import { presentColumns } from './presenters.ts';
import { reportFileLinks } from './report-file-links.ts';
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

/** A shared report as one user sees it: its definition and the rows they may see (never empty). */
export type VisibleReport = {
  report: typeof sharedReports.$inferSelect;
  accountName: string;
  definition: ReportDefinition;
  rows: ReportRow[];
};

/**
 * The active shared reports a user may see, across workspaces. A member of a (non-restricted) workspace
 * sees its shared reports' chosen rows; anyone else (an investor, an LP) sees only the rows whose email
 * column holds one of their verified addresses. Empty tables are left out.
 */
export async function visibleUserReports(tx: Tx, actor: UserActor): Promise<VisibleReport[]> {
  const emails = await verifiedEmails(tx, actor);
  const memberOf = await tx
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(eq(memberships.userId, actor.userId), activeMembership, ne(accounts.roleId, RESTRICTED_ROLE_ID)),
    );
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
    const definition = byKey.get(`${report.accountId}:${report.reportKey}`);
    if (!definition) return [];
    const chosen = chosenRows(rowsOf(rows, definition), report.metadata?.resource_id ?? []);
    const visible = members.has(report.accountId)
      ? chosen
      : maskedRows(definition, ownRows(definition, chosen, emails));
    return visible.length === 0 ? [] : [{ report, accountName, definition, rows: visible }];
  });
}

/** GET /api/user/report: the user's shared reports, each file a document column names with its link. */
export async function listUserReports({
  tx,
  actor,
  tokens,
}: {
  tx: Tx;
  actor: UserActor;
  tokens: TokenService;
}): Promise<UserReportView[]> {
  const visible = await visibleUserReports(tx, actor);
  const links = await reportFileLinks({ tx, actor, tokens, reports: visible });
  return visible.map(({ report, accountName, definition, rows }) => ({
    id: report.id,
    account: { id: report.accountId, name: accountName },
    feature_type_id: definition.key,
    question_label: definition.label,
    feature_types: presentColumns(definition),
    rows,
    files: links.get(report.id) ?? [],
  }));
}
