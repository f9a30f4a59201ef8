import type { ProfileView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { UserActor } from '../../http/actor.ts';
import { presentProfile } from './presenters.ts';
import { findExtraEmails } from './scope.ts';

/** GET /api/user/settings/profile */
export async function getProfile({ tx, actor }: { tx: Tx; actor: UserActor }): Promise<ProfileView> {
  return presentProfile(actor.user, await findExtraEmails(tx, actor.userId));
}
