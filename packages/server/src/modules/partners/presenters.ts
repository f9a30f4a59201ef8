import {
  type ConnectedPartnerView,
  PARTNER_ROLE,
  type PartnerClientView,
  type TeamView,
} from '@charter/domain';
import type { Actor } from '../../http/actor.ts';
import { memberAbilities, teamAbilities } from './policies.ts';
import type { clientsOf, membersOf, PartnerRow, TeamMembership } from './scope.ts';

type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];
type ClientRow = Awaited<ReturnType<typeof clientsOf>>[number];
type Parts = { members: boolean; packages: boolean; accounts: boolean };

export const presentClient = (row: ClientRow): PartnerClientView => ({
  id: row.id,
  name: row.name,
  connected_at: row.connectedAt.toISOString(),
});

export function presentTeam(
  actor: Actor,
  team: TeamMembership,
  parts: Parts,
  members: MemberRow[],
  clients: ClientRow[],
): TeamView {
  const view: TeamView = {
    id: team.partner.id,
    name: team.partner.name,
    slug: team.partner.slug,
    code: team.partner.code,
    role_id: team.roleId,
    abilities: teamAbilities(team),
  };
  if (parts.members) {
    const people = members.filter((m) => m.partnerId === team.partner.id);
    const admins = people.filter((m) => m.roleId === PARTNER_ROLE.ADMIN).length;
    view.members = people.map((m) => ({
      user_id: m.userId,
      name: m.name,
      email: m.email,
      role_id: m.roleId,
      abilities: memberAbilities(actor, team, m.userId, m.roleId === PARTNER_ROLE.ADMIN && admins <= 1),
    }));
  }
  if (parts.packages) view.packages = [];
  if (parts.accounts)
    view.accounts = clients.filter((c) => c.partnerId === team.partner.id).map(presentClient);
  return view;
}

/** `admin`: the caller may connect and disconnect, so sees the code (it lets anyone connect a workspace). */
export const presentConnection = (
  partner: PartnerRow,
  connectedAt: Date,
  admin: boolean,
): ConnectedPartnerView => ({
  partner_id: partner.id,
  name: partner.name,
  slug: partner.slug,
  code: admin ? partner.code : null,
  partner_covers_credits: partner.coversCredits,
  partner_covers_fees: partner.coversFees,
  partner_excludes_fees: partner.excludesFees,
  stripe_domain: partner.stripeDomain,
  connected_at: connectedAt.toISOString(),
});
