import type { ResourceView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { resources } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { NAME_REQUIRED } from './create-resource.ts';
import { presentResource } from './presenters.ts';
import { findResource } from './scope.ts';

type ResourceInput = { tx: Tx; actor: MemberActor; id: number };

/** PATCH /api/account/resource/{id}: renames it everywhere (no record or generated document changes). */
export async function renameResource(input: ResourceInput & { name: string }): Promise<ResourceView> {
  const { tx, actor, id, name } = input;
  await findResource(tx, actor, id);
  const trimmed = name.trim();
  if (!trimmed) throw invalid({ name: NAME_REQUIRED });
  const [row] = await tx
    .update(resources)
    .set({ name: trimmed, updatedAt: new Date() })
    .where(eq(resources.id, id))
    .returning();
  return presentResource(row);
}
