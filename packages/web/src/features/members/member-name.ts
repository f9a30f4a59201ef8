import type { MemberView } from '@charter/domain';

/** A member's name as people read it, or their address when they have none yet. */
export const memberName = (member: Pick<MemberView, 'first_name' | 'family_name' | 'email'>) =>
  `${member.first_name} ${member.family_name}`.trim() || member.email;
