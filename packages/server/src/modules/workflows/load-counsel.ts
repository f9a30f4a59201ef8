import type { CounselView } from '@charter/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberships, projectCounsel, projects, users } from '../../db/schema/index.ts';
import { shownMemberNames } from '../accounts/memberships.ts';
import { presentCounsel } from './presenters.ts';

/**
 * A project's workflow roles, in the order they were given; each holder named as the members list names
 * them (no account's name before its member accepted).
 */
export async function loadCounsel(tx: Tx, projectId: number): Promise<CounselView[]> {
  const rows = await tx
    .select({
      id: projectCounsel.id,
      counselType: projectCounsel.counselType,
      user: { id: users.id, email: users.email, ...shownMemberNames },
    })
    .from(projectCounsel)
    .innerJoin(projects, eq(projects.id, projectCounsel.projectId))
    .innerJoin(users, eq(users.id, projectCounsel.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.accountId, projects.accountId)),
    )
    .where(eq(projectCounsel.projectId, projectId))
    .orderBy(asc(projectCounsel.id));
  return rows.map(presentCounsel);
}
