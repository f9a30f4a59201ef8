import type { RoomTableField } from '@charter/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projectTemplates, resourceFeatures, resources } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { visibleTemplates } from '../workflows/policies.ts';
import { assertRoomsAvailable } from './policies.ts';

type Definition = {
  transactions?: {
    questions?: {
      type?: string;
      resource_type?: number;
      fields?: { id: string; label: string; type: string }[];
    }[];
  }[];
};

/**
 * GET /api/account/feature?resource_type_id=: the fields a resource table of that type may show — the
 * resource_list fields of the workspace's templates for that type, then any other key its resources hold.
 */
export async function featureChoices({
  tx,
  actor,
  resourceTypeId,
}: {
  tx: Tx;
  actor: MemberActor;
  resourceTypeId: number;
}): Promise<RoomTableField[]> {
  assertRoomsAvailable(actor);
  const [templates, keys] = await Promise.all([
    tx
      .select({ definition: projectTemplates.definition })
      .from(projectTemplates)
      .where(visibleTemplates(actor)),
    tx
      .selectDistinct({ key: resourceFeatures.key })
      .from(resourceFeatures)
      .innerJoin(resources, eq(resources.id, resourceFeatures.resourceId))
      .where(and(eq(resources.accountId, actor.accountId), eq(resources.resourceTypeId, resourceTypeId)))
      .orderBy(asc(resourceFeatures.key)),
  ]);
  const out = new Map<string, RoomTableField>();
  for (const template of templates) {
    for (const group of (template.definition as Definition).transactions ?? []) {
      for (const question of group.questions ?? []) {
        if (question.type !== 'resource_list' || question.resource_type !== resourceTypeId) continue;
        for (const field of question.fields ?? [])
          if (!out.has(field.id)) out.set(field.id, { key: field.id, label: field.label, type: field.type });
      }
    }
  }
  for (const { key } of keys) if (!out.has(key)) out.set(key, { key, label: key, type: 'text' });
  return [...out.values()];
}
