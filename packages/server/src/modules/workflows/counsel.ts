import { COUNSEL_ROLES } from '@charter/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberships, projectCounsel, users } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { findProject } from './scope.ts';
import { assigneeOptions } from './todos.ts';

export const ROLE_REQUIRED = 'Role required';
export const MEMBER_REQUIRED = 'Choose a member of this workspace.';

const fullName = (row: { firstName: string | null; familyName: string | null; email: string }) =>
  [row.firstName, row.familyName].filter(Boolean).join(' ') || row.email;

/** A project's workflow roles, in the order they were given. */
export async function listCounsel(tx: Tx, projectId: number) {
  const rows = await tx
    .select({
      id: projectCounsel.id,
      counselType: projectCounsel.counselType,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      familyName: users.familyName,
    })
    .from(projectCounsel)
    .innerJoin(users, eq(users.id, projectCounsel.userId))
    .where(eq(projectCounsel.projectId, projectId))
    .orderBy(asc(projectCounsel.id));
  return rows.map((row) => ({
    id: row.id,
    counsel_type: row.counselType,
    allow_user: true,
    allow_partner: false,
    user_id: row.userId,
    partner_id: null,
    user: { id: row.userId, full_name: fullName(row), email: row.email },
    partner: null,
  }));
}

/** GET /api/account/counsel: the roles and the members who can hold them. */
export async function counselOptions({ tx, actor }: { tx: Tx; actor: MemberActor }) {
  const members = await assigneeOptions(tx, actor.accountId);
  return {
    roles: COUNSEL_ROLES,
    users: members.map((m) => ({ id: m.id, full_name: m.name, email: m.email })),
    partners: [],
  };
}

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
  input: { counsel_type: string; user_id: number | null };
}) {
  await findProject(tx, actor, projectId);
  if (!(COUNSEL_ROLES as readonly string[]).includes(input.counsel_type)) {
    throw invalid({ counsel_type: ROLE_REQUIRED });
  }
  const [member] = input.user_id
    ? await tx
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, input.user_id)))
    : [];
  if (!member) throw invalid({ user_id: MEMBER_REQUIRED });
  const [row] = await tx
    .insert(projectCounsel)
    .values({ projectId, counselType: input.counsel_type, userId: member.userId })
    .returning({ id: projectCounsel.id });
  const all = await listCounsel(tx, projectId);
  return all.find((c) => c.id === row.id);
}

/** DELETE /api/account/project/{id}/counsel/{counselId} */
export async function removeCounsel(input: {
  tx: Tx;
  actor: MemberActor;
  projectId: number;
  counselId: number;
}) {
  const { tx, projectId, counselId } = input;
  await findProject(tx, input.actor, projectId);
  const removed = await tx
    .delete(projectCounsel)
    .where(and(eq(projectCounsel.id, counselId), eq(projectCounsel.projectId, projectId)))
    .returning({ id: projectCounsel.id });
  if (removed.length === 0) throw notFound('Role not found');
}
