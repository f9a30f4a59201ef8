import type { MemberActor } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';

export const NO_REPORTS_ACCESS = 'You do not have access to reports.';
export const REPORTS_ADMIN_ONLY = 'Only an admin of this workspace may change report sharing.';

/**
 * Reports (spec 1 §6, spec 2 §6): every member reads a workspace's reports, except in a restricted (role 3)
 * workspace, which has none; only its admins share them or put them in rooms.
 */
export const canReadReports = (actor: MemberActor) => !actor.restricted;
export const canManageReports = (actor: MemberActor) => actor.isAdmin && !actor.restricted;

export function assertCanReadReports(actor: MemberActor) {
  if (!canReadReports(actor)) throw forbidden(NO_REPORTS_ACCESS);
}

export function assertCanManageReports(actor: MemberActor) {
  assertCanReadReports(actor);
  if (!canManageReports(actor)) throw forbidden(REPORTS_ADMIN_ONLY);
}

export const reportAbilities = (actor: MemberActor) => ({
  share: canManageReports(actor),
  add_to_room: canManageReports(actor),
});
