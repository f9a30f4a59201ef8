import type { ProfileView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { UserActor } from '../../http/actor.ts';
import { profilePartnerParts } from '../partners/profile-parts.ts';
import { presentProfile } from './presenters.ts';
import { findExtraEmails } from './scope.ts';

/** GET /api/user/settings/profile */
export async function getProfile({ tx, actor }: { tx: Tx; actor: UserActor }): Promise<ProfileView> {
  const [extra, partnerParts] = await Promise.all([
    findExtraEmails(tx, actor.userId),
    profilePartnerParts(tx, actor.userId),
  ]);
  return presentProfile(actor.user, extra, partnerParts);
}
