import { eq } from 'drizzle-orm';
import { type LiveAudience, notices } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { canReceive, type LiveViewer } from '../live/policies.ts';

/** A member reads and marks only their own notices (their SQL twin: ownNotices). */
export const canReadNotice = (actor: MemberActor, notice: { userId: number }) =>
  notice.userId === actor.userId;
export const ownNotices = (actor: MemberActor) => eq(notices.userId, actor.userId);

/**
 * Who is told of outside activity on an object: its owners (the members who sent the form or the
 * document) among the members who may see it (the live channel's canReceive on the object's
 * audience: its task's module, the cabinet, admins); with none, the workspace's admins who may see it.
 */
export function noticeRecipients<T extends LiveViewer>(
  members: T[],
  audience: LiveAudience,
  owners: (number | null)[],
): T[] {
  const allowed = members.filter((member) => canReceive(member, audience));
  const owning = allowed.filter((member) => owners.includes(member.userId));
  return owning.length > 0 ? owning : allowed.filter((member) => member.isAdmin);
}
