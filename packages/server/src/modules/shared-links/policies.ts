import type { MemberActor } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';
import { canUseCabinet, NO_CABINET_ACCESS } from '../cabinet/policies.ts';

/**
 * Who may see and manage Share File Cabinet links. A link opens the cabinet, so the cabinet's own policy
 * comes first: members without cabinet access, and restricted (role 3) workspaces (spec 1 §6: no
 * data-room share entry), are refused. Members with the cabinet see the links (the sidebar's entry is
 * for every other role); only the workspace's admins create, extend or renew them.
 */
export function assertMaySeeLinks(actor: MemberActor) {
  if (!canUseCabinet(actor)) throw forbidden(NO_CABINET_ACCESS);
}

export const mayManageLinks = (actor: MemberActor) => canUseCabinet(actor) && actor.isAdmin;

export function assertMayManageLinks(actor: MemberActor) {
  assertMaySeeLinks(actor);
  if (!actor.isAdmin) throw forbidden('Only the workspace’s admins can share its file cabinet.');
}
