import {
  type AddPartnerMemberBody,
  normalizeEmail,
  PARTNER_ALREADY_MEMBER,
  PARTNER_ROLE,
  type PartnerMemberView,
  validateEmail,
} from '@charter/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { authenticators, partnerMembers, users } from '../../db/schema/index.ts';
import type { UserActor, UserRow } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { claiming } from '../auth/email-claims.ts';
import { findUserByEmail } from '../auth/find-user.ts';
import { issueCode } from '../auth/one-time-codes.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { addedToTeamEmail } from './emails.ts';
import { authorizeTeamAdmin, memberAbilities } from './policies.ts';
import { findTeamMembership } from './scope.ts';

const SET_UP_TTL_MS = 7 * 24 * 3600_000;

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
  authorizeTeamAdmin(team);
  const problem = validateEmail(input.email);
  if (problem) throw invalid({ email: problem });
  const email = normalizeEmail(input.email);
  const existing = await findUserByAnyEmail(tx, email);
  const { user, setUpLink } = existing
    ? { user: existing, setUpLink: null }
    : await createInvitedUser({ tx, input, email, brand });
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

/**
 * The user whose address this is: their primary one, or an added one they verified. An address someone
 * added without proving it does not make them the person invited.
 */
async function findUserByAnyEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const primary = await findUserByEmail(tx, email);
  if (primary) return primary;
  const [row] = await tx
    .select({ user: users })
    .from(authenticators)
    .innerJoin(users, eq(users.id, authenticators.userId))
    .where(and(eq(sql`lower(${authenticators.value})`, email), isNotNull(authenticators.verifiedAt)))
    .limit(1);
  return row?.user ?? null;
}

/** A passwordless user for a new address, and the link that lets them choose a password. */
async function createInvitedUser({
  tx,
  input,
  email,
  brand,
}: {
  tx: Tx;
  input: AddPartnerMemberBody;
  email: string;
  brand: MailBrand;
}): Promise<{ user: UserRow; setUpLink: string | null }> {
  // An address claimed meanwhile (a registration committed since the look-up) answers 409.
  const [created] = await claiming(() =>
    tx
      .insert(users)
      .values({
        email,
        firstName: input.first_name?.trim() ?? '',
        familyName: input.family_name?.trim() ?? '',
      })
      .returning(),
  );
  const secret = randomToken(24);
  const id = await issueCode(tx, {
    purpose: 'reset_password',
    userId: created.id,
    email,
    code: secret,
    ttlMs: SET_UP_TTL_MS,
  });
  return { user: created, setUpLink: `${brand.url}/reset-password/${id}.${secret}` };
}
