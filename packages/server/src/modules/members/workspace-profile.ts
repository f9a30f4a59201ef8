import type { WorkspaceProfile } from '@charter/domain';
import type { accounts } from '../../db/schema/index.ts';

export const presentWorkspaceProfile = (account: typeof accounts.$inferSelect): WorkspaceProfile => ({
  id: account.id,
  company_name: account.companyName,
  logo_url: account.logoUrl,
});
