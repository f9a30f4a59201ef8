import { COUNSEL_ROLES, type CounselOptions } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { counselPartners } from '../partners/counsel-partners.ts';
import { assigneeOptions } from './members.ts';

/** GET /api/account/counsel: the roles, and the members and connected partners' people who can hold them. */
export async function listCounselOptions({
  tx,
  actor,
}: {
  tx: Tx;
  actor: MemberActor;
}): Promise<CounselOptions> {
  const [members, partners] = await Promise.all([
    assigneeOptions(tx, actor.accountId),
    counselPartners(tx, actor.accountId),
  ]);
  return {
    roles: [...COUNSEL_ROLES],
    users: members.map((m) => ({ id: m.id, full_name: m.name, email: m.email })),
    partners,
  };
}
