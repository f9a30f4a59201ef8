import type { ResourceDetail } from '@charter/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { resourceFeatures } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { presentResourceDetail } from './presenters.ts';
import { findResource } from './scope.ts';

type ResourceInput = { tx: Tx; actor: MemberActor; id: number };

/** GET /api/account/resource/{id}: the resource with its answers. */
export async function getResource({ tx, actor, id }: ResourceInput): Promise<ResourceDetail> {
  const row = await findResource(tx, actor, id);
  const features = await tx
    .select({ key: resourceFeatures.key, value: resourceFeatures.value })
    .from(resourceFeatures)
    .where(eq(resourceFeatures.resourceId, id))
    .orderBy(asc(resourceFeatures.key));
  return presentResourceDetail(row, features);
}
