import {
  type AddUserBody,
  type AddUserResponse,
  ALREADY_MEMBER,
  INVITATION_SENT,
  MEMBER_ADDED,
  userLimitMessage,
  validateEmail,
} from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { memberships } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { createInvitee, findInvitee, setUpLinkFor } from '../auth/invitations.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { auditMemberChange } from './audit.ts';
import { addedEmail, invitationEmail } from './emails.ts';
import { authorizeInvite } from './policies.ts';
import { presentMember } from './presenters.ts';
import { lockWorkspace } from './scope.ts';

const displayName = (user: { firstName: string; familyName: string; email: string }) =>
  `${user.firstName} ${user.familyName}`.trim() || user.email;

/**
 * POST /api/account/admin/add_user: an existing user (by address) becomes a member and is told so; a new
 * person gets a passwordless user and an invitation to set up sign-in. The workspace's user limit counts
 * its memberships; at the limit nothing is written.
 */
export async function addMember(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  body: AddUserBody;
  brand: MailBrand;
  ip?: string;
}): Promise<AddUserResponse> {
  const { ctx, tx, actor, body, brand } = input;
  authorizeInvite(actor);
  const email = body.email.trim();
  const emailError = validateEmail(email);
  if (emailError) throw invalid({ email: emailError });
  const { account, memberCount, context } = await lockWorkspace(tx, actor, authorizeInvite);

  let user = await findInvitee(tx, email);
  if (user) {
    const [already] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.accountId, account.id), eq(memberships.userId, user.id)));
    if (already) throw new AppError('CONFLICT', ALREADY_MEMBER, { email: ALREADY_MEMBER });
  }
  if (memberCount >= account.userLimit) {
    throw new AppError('USER_LIMIT_REACHED', userLimitMessage(account.userLimit));
  }
  user ??= await createInvitee(tx, { ...body, email });
  const others = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.userId, user.id));
  const [membership] = await tx
    .insert(memberships)
    .values({
      accountId: account.id,
      userId: user.id,
      isAdmin: body.is_admin ?? false,
      filecabinetAccess: body.filecabinet_access ?? true,
      invitedBy: actor.userId,
      // Shown until they accept, so the list never shows a name their account holds.
      invitedFirstName: body.first_name?.trim() || null,
      invitedFamilyName: body.family_name?.trim() || null,
      // A first workspace is where they land after signing in.
      preferred: others.length === 0,
      accountOrder: others.length,
    })
    .returning();

  // Whoever has not proven the address yet gets the link that proves it; the others are told.
  const setUpLink = await setUpLinkFor(tx, user, brand);
  const invited = setUpLink !== null;
  const mail = {
    to: user.email,
    inviter: displayName(actor.user),
    workspace: account.companyName,
    brand,
    link: setUpLink ?? `${brand.url}/c/${account.id}/home`,
  };
  await ctx.mailer.send(tx, invited ? invitationEmail(mail) : addedEmail(mail));
  await auditMemberChange(
    tx,
    actor,
    'member_added',
    { user_id: user.id, email: user.email, is_admin: membership.isAdmin, invited },
    input.ip,
  );
  const view = presentMember(
    actor,
    { user, membership },
    {
      ...context,
      adminCount: context.adminCount + (membership.isAdmin ? 1 : 0),
    },
  );
  return { user: view, invited, message: invited ? INVITATION_SENT : MEMBER_ADDED };
}
