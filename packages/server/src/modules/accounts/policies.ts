import type { AccountAbilities } from '@charter/domain';
import type { MemberActor } from '../../http/actor.ts';
import { canUseCabinet } from '../cabinet/policies.ts';

/**
 * What the shell offers in a workspace (spec 1 §6): settings to its admins, the cabinet by its policy;
 * a restricted (role 3) workspace has no settings, reports, cabinet or rooms (modules/rooms/policies.ts).
 */
export const accountAbilities = (actor: MemberActor): AccountAbilities => ({
  manage_settings: actor.isAdmin && !actor.restricted,
  filecabinet: canUseCabinet(actor),
  reports: !actor.restricted,
  rooms: !actor.restricted,
});
