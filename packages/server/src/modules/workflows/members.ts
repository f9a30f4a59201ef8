import type { AssigneeOption } from '@charter/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberships, users } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';
import { activeMembership, shownMemberNames } from '../accounts/memberships.ts';
import { presentAssignee } from './presenters.ts';

/** The workspace's members, as the people to-dos and workflow roles can go to. */

export const ASSIGNEE_NOT_MEMBER = 'Choose a member of this workspace.';

/**
 * The workspace's members (not those still pending: activeMembership), by first name; named as the
 * members list names them (no account's name before its member accepted).
 */
export async function assigneeOptions(tx: Tx, accountId: number): Promise<AssigneeOption[]> {
  const rows = await tx
    .select({ id: users.id, email: users.email, ...shownMemberNames })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), activeMembership))
    .orderBy(asc(shownMemberNames.firstName), asc(users.email));
  return rows.map(presentAssignee);
}

/** No one (null), or a member of the workspace; anyone else is a 400. */
export async function checkAssignee(tx: Tx, accountId: number, assigneeId: number | null) {
  if (assigneeId === null) return;
  const [member] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, assigneeId), activeMembership));
  if (!member) throw invalid({ assignee_id: ASSIGNEE_NOT_MEMBER });
}
