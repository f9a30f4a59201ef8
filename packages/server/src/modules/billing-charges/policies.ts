import type { MemberActor } from '../../http/actor.ts';
import type { Standing } from './standing.ts';

/**
 * Who sees what of credits and fees. Every member who may submit a group pays its fees with the
 * workspace's default method (the finalize's own policy decides who may submit); managing methods is
 * billing-core's (admins). Limited (restricted, role 3) workspaces and partner subscriptions do not see
 * credits (spec 1 §2, §6).
 */
export const creditsVisible = (actor: MemberActor, standing: Standing) =>
  !actor.restricted && !standing.hasPartnerSubscription;
