import {
  type AddPartnerMemberBody,
  normalizeEmail,
  PARTNER_ALREADY_MEMBER,
  PARTNER_ROLE,
  type PartnerMemberView,
  validateEmail,
} from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { partnerMembers } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { createInvitee, findInvitee, setUpLinkFor } from '../auth/invitations.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { addedToTeamEmail } from './emails.ts';
import { authorizeTeamChange, memberAbilities } from './policies.ts';
import { findTeamMembership } from './scope.ts';

/**
 * POST /api/user/partner/add_member/{partnerId}: a team admin adds someone by address. A person new to
 * the product gets a passwordless user and a mailed link to choose a password (the reset-password page,
 * which also proves the address); someone who already signs in is told by mail.
 */
export async function addPartnerMember({
  ctx,
  tx,
  actor,
  partnerId,
  input,
  brand,
}: {
  ctx: AppContext;
  tx: Tx;
  actor: UserActor;
  partnerId: number;
  input: AddPartnerMemberBody;
  brand: MailBrand;
}): Promise<PartnerMemberView> {
  const team = await findTeamMembership(tx, actor, partnerId);
  authorizeTeamChange(actor, team);
  const problem = validateEmail(input.email);
  if (problem) throw invalid({ email: problem });
  const email = normalizeEmail(input.email);
  const user = (await findInvitee(tx, email)) ?? (await createInvitee(tx, { ...input, email }));
  const setUpLink = await setUpLinkFor(tx, user, brand);
  const roleId = input.role_id ?? PARTNER_ROLE.MEMBER;
  const added = await tx
    .insert(partnerMembers)
    .values({ partnerId, userId: user.id, roleId })
    .onConflictDoNothing()
    .returning({ userId: partnerMembers.userId });
  if (added.length === 0) throw new AppError('CONFLICT', PARTNER_ALREADY_MEMBER);
  const by = `${actor.user.firstName} ${actor.user.familyName}`.trim() || actor.user.email;
  await ctx.mailer.send(
    tx,
    addedToTeamEmail({ to: user.email, team: team.partner.name, by, brand, setUpLink }),
  );
  return {
    user_id: user.id,
    name: `${user.firstName} ${user.familyName}`.trim(),
    email: user.email,
    role_id: roleId,
    abilities: memberAbilities(actor, team, user.id),
  };
}
