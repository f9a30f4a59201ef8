import { ADMIN_WARNING } from '@charter/domain';
import { isStaff, type MemberActor } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';

/**
 * Who may do what with a workspace's billing (spec 1 §6, issue 13): its admins (and staff) add, remove and
 * verify payment methods, choose the default and subscribe; every member may read what the payment screens
 * need (methods, plans, invoices). A restricted (role 3) workspace has no Account area: all refused.
 */
export const canManageBilling = (actor: MemberActor) =>
  !actor.restricted && (actor.isAdmin || isStaff(actor));

export function authorizeBillingRead(actor: MemberActor) {
  if (actor.restricted) throw forbidden(ADMIN_WARNING);
}

export function authorizeBillingManage(actor: MemberActor) {
  authorizeBillingRead(actor);
  if (!canManageBilling(actor)) throw forbidden(ADMIN_WARNING);
}

export const billingAbilitiesFor = (actor: MemberActor) => ({ manage: canManageBilling(actor) });

export const methodAbilitiesFor = (actor: MemberActor, method: { status: string; kind: string }) => {
  const manage = canManageBilling(actor);
  return {
    remove: manage,
    // A bank account still `new` (or failed) cannot be the default (spec 1 §4 Payment method).
    set_default: manage && method.status === 'verified',
    verify: manage && method.kind === 'bank' && method.status === 'new',
  };
};
