import type { AppContext } from '../../context.ts';
import type { accounts } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/actor.ts';

export const ID_TOKEN_TTL_SECONDS = 12 * 3600;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const fullName = (user: UserRow) => [user.firstName, user.familyName].filter(Boolean).join(' ') || user.email;

export function issueIdToken(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  impersonatorId: number | null,
) {
  return ctx.tokens.sign(
    {
      typ: 'id',
      sub: String(user.id),
      sid: sessionId,
      email: user.email,
      name: fullName(user),
      first_name: user.firstName,
      last_name: user.familyName,
      email_verified: user.emailVerifiedAt !== null,
      password_allowed: user.passwordHash !== null,
      is_staff: user.isStaff,
      impersonator_id: impersonatorId,
    },
    ID_TOKEN_TTL_SECONDS,
  );
}

/** The spec's account claims (spec 1 §3) plus the session id that revocation checks. */
export function issueAccessToken(
  ctx: AppContext,
  input: {
    user: UserRow;
    sessionId: string;
    impersonatorId: number | null;
    account: typeof accounts.$inferSelect;
    partners?: string[];
  },
) {
  const { user, account } = input;
  return ctx.tokens.sign(
    {
      typ: 'access',
      sub: String(user.id),
      sid: input.sessionId,
      email: user.email,
      account_id: account.id,
      company: account.companyName,
      role_id: account.roleId,
      partners: input.partners ?? [],
      impersonator_id: input.impersonatorId,
      name: fullName(user),
      first_name: user.firstName,
      last_name: user.familyName,
      userId: user.id,
    },
    ACCESS_TOKEN_TTL_SECONDS,
  );
}
