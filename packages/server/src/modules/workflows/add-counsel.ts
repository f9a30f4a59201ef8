import { type AddCounselBody, COUNSEL_ROLES, type CounselView } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberships, projectCounsel } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { activeMembership } from '../accounts/memberships.ts';
import { servesWorkspace } from '../partners/counsel-partners.ts';
import { loadCounsel } from './load-counsel.ts';
import { findProject } from './scope.ts';

export const ROLE_REQUIRED = 'Role required';
export const MEMBER_REQUIRED = 'Choose a member of this workspace.';

/** POST /api/account/project/{id}/counsel: a member takes a role in the workflow. */
export async function addCounsel({
  tx,
  actor,
  projectId,
  input,
}: {
  tx: Tx;
  actor: MemberActor;
  projectId: number;
  input: AddCounselBody;
}): Promise<CounselView> {
  await findProject(tx, actor, projectId);
  if (!(COUNSEL_ROLES as readonly string[]).includes(input.counsel_type)) {
    throw invalid({ counsel_type: ROLE_REQUIRED });
  }
  const userId = input.user_id;
  // Besides its members, the people of the workspace's connected partners may hold a role (spec 2 §3).
  const allowed =
    userId !== null &&
    ((await isMember(tx, actor.accountId, userId)) || (await servesWorkspace(tx, actor.accountId, userId)));
  if (!allowed) throw invalid({ user_id: MEMBER_REQUIRED });
  const [row] = await tx
    .insert(projectCounsel)
    .values({ projectId, counselType: input.counsel_type, userId })
    .returning({ id: projectCounsel.id });
  const added = (await loadCounsel(tx, projectId)).find((c) => c.id === row.id);
  // Inserted just above, in this transaction.
  if (!added) throw new Error(`Counsel ${row.id} was not saved`);
  return added;
}

async function isMember(tx: Tx, accountId: number, userId: number) {
  const [row] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId), activeMembership))
    .limit(1);
  return row !== undefined;
}
