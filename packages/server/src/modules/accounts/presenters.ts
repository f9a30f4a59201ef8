import type { AccountMe, AccountView, Feature } from '@charter/domain';
import type { accounts, memberships } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { accountAbilities } from './policies.ts';

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

/** `GET /api/account/me`: who is signed in, in which workspace, what the shell may offer, and the plans. */
export function presentMe(actor: MemberActor, subscriptions: string[]): AccountMe {
  return {
    account: presentAccount(actor.account, actor.membership, actor.features),
    user: {
      id: actor.userId,
      email: actor.user.email,
      first_name: actor.user.firstName,
      family_name: actor.user.familyName,
      is_admin: actor.isAdmin,
      filecabinet_access: actor.membership.filecabinetAccess,
      impersonator_id: actor.impersonatorId,
    },
    abilities: accountAbilities(actor),
    subscriptions,
  };
}
