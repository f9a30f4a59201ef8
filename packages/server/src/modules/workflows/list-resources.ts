import type { ResourceListQuery, ResourceView } from '@charter/domain';
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { resources } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { presentResource } from './presenters.ts';

/** GET /api/account/resource/?resource_type_id=: the workspace's resources of a type, by name. */
export async function listResources({
  tx,
  actor,
  query,
}: {
  tx: Tx;
  actor: MemberActor;
  query: ResourceListQuery;
}): Promise<ResourceView[]> {
  const rows = await tx
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.accountId, actor.accountId),
        query.resource_type_id === undefined
          ? undefined
          : eq(resources.resourceTypeId, query.resource_type_id),
        query.search ? ilike(resources.name, `%${query.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
      ),
    )
    .orderBy(asc(resources.name), asc(resources.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(presentResource);
}
