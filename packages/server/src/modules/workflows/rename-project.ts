import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { findProject } from './scope.ts';

/** PUT /api/account/project/{id}: an empty label keeps the old one (spec 2 §5). */
export async function renameProject(input: { tx: Tx; actor: MemberActor; id: number; label: string }) {
  const { tx, actor, id, label } = input;
  await findProject(tx, actor, id);
  const trimmed = label.trim();
  if (trimmed)
    await tx.update(projects).set({ label: trimmed, updatedAt: new Date() }).where(eq(projects.id, id));
}
