import type { AccountView, Feature } from '@charter/domain';
import type { accounts, memberships } from '../../db/schema/index.ts';

type Account = typeof accounts.$inferSelect;
type Membership = typeof memberships.$inferSelect;

export function presentAccount(account: Account, membership: Membership, features: Feature[]): AccountView {
  return {
    id: account.id,
    name: account.companyName,
    company_name: account.companyName,
    role_id: account.roleId,
    account_group: account.accountGroup,
    account_order: membership.accountOrder,
    is_admin: membership.isAdmin,
    preferred: membership.preferred,
    logo_url: account.logoUrl,
    user_limit: account.userLimit,
    hide_powered_by: account.hidePoweredBy,
    features,
    created_at: account.createdAt.toISOString(),
  };
}
