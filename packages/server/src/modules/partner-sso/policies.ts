import type { partnerMembers } from '../../db/schema/index.ts';
import { type Actor, isImpersonated, isStaff } from '../../http/actor.ts';
import { forbidden, notFound } from '../../http/errors.ts';

/** partner_members.role_id of the team's admins (2 is a member). */
export const PARTNER_ADMIN_ROLE_ID = 1;

export const PARTNER_NOT_FOUND = 'Partner not found';
export const ONLY_PARTNER_ADMINS = "Only the partner's admins can configure single sign-on";
export const IMPERSONATOR_CANNOT_CONFIGURE_SSO = 'Staff acting as this user cannot change single sign-on';

type Member = typeof partnerMembers.$inferSelect | null;

/** Who may see a partner's single sign-on settings: its admins, and staff. */
const canRead = (actor: Actor, member: Member) => isStaff(actor) || member?.roleId === PARTNER_ADMIN_ROLE_ID;

/**
 * Who may change them: staff as themselves, and the partner's admins, but not staff acting as an admin
 * by remote login (the issuer decides who can sign in, much like a password).
 */
const canUpdate = (actor: Actor, member: Member) =>
  isStaff(actor) || (!isImpersonated(actor) && member?.roleId === PARTNER_ADMIN_ROLE_ID);

export const partnerSsoAbilities = (actor: Actor, member: Member) => {
  const update = canUpdate(actor, member);
  return { update, delete: update };
};

/** Someone off the team learns nothing (404); a team member who is not an admin is refused (403). */
export function authorizeReadPartnerSso(actor: Actor, member: Member) {
  if (!member && !isStaff(actor)) throw notFound(PARTNER_NOT_FOUND);
  if (!canRead(actor, member)) throw forbidden(ONLY_PARTNER_ADMINS);
}

export function authorizeUpdatePartnerSso(actor: Actor, member: Member) {
  authorizeReadPartnerSso(actor, member);
  if (!canUpdate(actor, member)) throw forbidden(IMPERSONATOR_CANNOT_CONFIGURE_SSO);
}
