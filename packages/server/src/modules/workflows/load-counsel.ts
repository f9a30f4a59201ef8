import type { CounselView } from '@charter/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projectCounsel, users } from '../../db/schema/index.ts';
import { presentCounsel } from './presenters.ts';

/** A project's workflow roles, in the order they were given. */
export async function loadCounsel(tx: Tx, projectId: number): Promise<CounselView[]> {
  const rows = await tx
    .select({
      id: projectCounsel.id,
      counselType: projectCounsel.counselType,
      user: { id: users.id, email: users.email, firstName: users.firstName, familyName: users.familyName },
    })
    .from(projectCounsel)
    .innerJoin(users, eq(users.id, projectCounsel.userId))
    .where(eq(projectCounsel.projectId, projectId))
    .orderBy(asc(projectCounsel.id));
  return rows.map(presentCounsel);
}
