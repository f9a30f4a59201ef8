import type { WorkspaceProfile } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { authorizeManageMembers } from './policies.ts';
import { presentWorkspaceProfile } from './workspace-profile.ts';

/** GET /api/account/admin/settings/profile: the workspace's name and logo, for its admins. */
export async function getWorkspaceProfile({
  tx,
  actor,
}: {
  tx: Tx;
  actor: MemberActor;
}): Promise<WorkspaceProfile> {
  authorizeManageMembers(actor);
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, actor.accountId));
  return presentWorkspaceProfile(account);
}
