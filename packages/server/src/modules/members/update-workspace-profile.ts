import { type UpdateWorkspaceProfileBody, validateCompanyName, type WorkspaceProfile } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { auditMemberChange } from './audit.ts';
import { authorizeManageMembers } from './policies.ts';
import { presentWorkspaceProfile } from './workspace-profile.ts';

/** PUT /api/account/admin/settings/profile: the workspace's name, by the rules of a new one (spec 1 §5). */
export async function updateWorkspaceProfile(input: {
  tx: Tx;
  actor: MemberActor;
  body: UpdateWorkspaceProfileBody;
  ip?: string;
}): Promise<WorkspaceProfile> {
  const { tx, actor, body } = input;
  authorizeManageMembers(actor);
  const name = body.company_name.trim();
  const nameError = validateCompanyName(name, {});
  if (nameError) throw invalid({ company_name: nameError });
  const [account] = await tx
    .update(accounts)
    .set({ companyName: name })
    .where(eq(accounts.id, actor.accountId))
    .returning();
  if (name !== actor.account.companyName) {
    await auditMemberChange(
      tx,
      actor,
      'workspace_profile_changed',
      { company_name: { before: actor.account.companyName, after: name } },
      input.ip,
    );
  }
  return presentWorkspaceProfile(account);
}
