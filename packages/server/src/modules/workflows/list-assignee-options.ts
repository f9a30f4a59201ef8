import type { AssigneeOption } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { assigneeOptions } from './members.ts';
import { findTemplate } from './scope.ts';

/** GET /api/account/recommendation/project_template/{id}: who a to-do of this workflow can go to. */
export async function listAssigneeOptions(input: {
  tx: Tx;
  actor: MemberActor;
  templateId: string;
}): Promise<AssigneeOption[]> {
  await findTemplate(input.tx, input.actor, input.templateId);
  return assigneeOptions(input.tx, input.actor.accountId);
}
