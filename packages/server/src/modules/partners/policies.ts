import {
  PARTNER_ADMIN_ONLY,
  PARTNER_CONNECT_RESTRICTED,
  PARTNER_LAST_ADMIN,
  PARTNER_OWN_ROLE,
  PARTNER_ROLE,
} from '@charter/domain';
import { type Actor, isImpersonated, type MemberActor } from '../../http/actor.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import type { TeamMembership } from './scope.ts';

/**
 * Who may do what in a partner team (spec 1 §6): every member sees the team, its people and its clients;
 * its admins add and remove people, change the others' roles, disconnect clients and keep the brand.
 * Nobody changes their own role, and the last admin stays.
 */
export const isTeamAdmin = (team: TeamMembership) => team.roleId === PARTNER_ROLE.ADMIN;

export function authorizeTeamAdmin(team: TeamMembership) {
  if (!isTeamAdmin(team)) throw forbidden(PARTNER_ADMIN_ONLY);
}

export const IMPERSONATOR_CANNOT_CHANGE_TEAM =
  'Staff acting as this user cannot change their partner team, its clients or its brand.';

/** Changes to the team are its admins': never staff acting as one by remote login (they may look). */
export function authorizeTeamChange(actor: Actor, team: TeamMembership) {
  authorizeTeamAdmin(team);
  if (isImpersonated(actor)) throw forbidden(IMPERSONATOR_CANNOT_CHANGE_TEAM);
}

export const teamAbilities = (team: TeamMembership) => {
  const admin = isTeamAdmin(team);
  return { manage_members: admin, manage_accounts: admin, manage_brand: admin };
};

/** `lastAdmin`: this member is the team's only admin, whom nobody may remove. */
export const memberAbilities = (actor: Actor, team: TeamMembership, userId: number, lastAdmin = false) => ({
  change_role: isTeamAdmin(team) && userId !== actor.userId,
  remove: isTeamAdmin(team) && !lastAdmin,
});

export function authorizeRoleChange(actor: Actor, team: TeamMembership, userId: number) {
  authorizeTeamChange(actor, team);
  if (userId === actor.userId) throw forbidden(PARTNER_OWN_ROLE);
}

/** Removing the one admin left would leave a team nobody can manage. */
export function refuseLastAdmin(removingAdmin: boolean, admins: number) {
  if (removingAdmin && admins <= 1) throw new AppError('CONFLICT', PARTNER_LAST_ADMIN);
}

/** A workspace's admins connect it to partners; a restricted (role 3) workspace has no Account area. */
export const canConnect = (actor: MemberActor) => !actor.restricted && actor.isAdmin;

export function authorizeConnect(actor: MemberActor) {
  if (actor.restricted) throw forbidden(PARTNER_CONNECT_RESTRICTED);
  if (!actor.isAdmin) throw forbidden('To access that page you must be an admin of its parent Workspace.');
}
