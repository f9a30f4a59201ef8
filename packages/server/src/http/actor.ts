import { RESTRICTED_ROLE_ID } from '@charter/domain';
import type { accounts, memberships, users } from '../db/schema/index.ts';
import type { AccountFeature } from '../modules/accounts/memberships.ts';

export type UserRow = typeof users.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;

/** What every signed-in actor shares: the user, the session their token names, and who stands behind it. */
type SignedIn = {
  user: UserRow;
  userId: number;
  sessionId: string;
  /** The staff member acting as this user by remote login, or null. */
  impersonatorId: number | null;
  /** The one workspace a remote-login session was opened for (it may act in no other); null otherwise. */
  boundAccountId: number | null;
};

/** A signed-in user outside any workspace (/api/user/*). */
export type UserActor = SignedIn & { kind: 'user' };

/** A signed-in user acting in one workspace (/api/account/*), with the role and flags that decide what they may do. */
export type MemberActor = SignedIn & {
  kind: 'member';
  accountId: number;
  account: AccountRow;
  membership: MembershipRow;
  features: AccountFeature[];
  /** A role-3 workspace: modules 4 and 5 only, no cabinet, reports or settings (spec 1 §6, spec 2 §6). */
  restricted: boolean;
  isAdmin: boolean;
};

/**
 * Who is making a signed-in request; returned by authentication and passed to every operation. Visitors
 * who come by a link (signers; later data-room guests, outside-form fillers) have actor types of their own.
 */
export type Actor = UserActor | MemberActor;

/**
 * Someone who opened a signing link: no session and no account, only the one recipient row the link's
 * secret names (modules/signing), and where the request came from, which the signing history records.
 */
export type SignerActor = {
  kind: 'signer';
  recipientId: number;
  documentId: number;
  accountId: number;
  ip: string;
  userAgent: string | null;
};

/**
 * Someone filling an outside form (modules/outside-forms): no session and no account, only the one form
 * the link's code names, and through it one task group of one workspace.
 */
export type FormActor = {
  kind: 'form';
  formId: number;
  transactionId: number;
  accountId: number;
};

export function userActor(
  user: UserRow,
  sessionId: string,
  impersonatorId: number | null,
  boundAccountId: number | null = null,
): UserActor {
  return { kind: 'user', user, userId: user.id, sessionId, impersonatorId, boundAccountId };
}

/** Whether the session may act in this workspace: any, unless it was opened for one (remote login). */
export const mayActIn = (actor: Actor, accountId: number) =>
  actor.boundAccountId === null || actor.boundAccountId === accountId;

export function memberActor(
  signedIn: SignedIn,
  member: { account: AccountRow; membership: MembershipRow; features: AccountFeature[] },
): MemberActor {
  return {
    ...signedIn,
    kind: 'member',
    accountId: member.account.id,
    account: member.account,
    membership: member.membership,
    features: member.features,
    restricted: member.account.roleId === RESTRICTED_ROLE_ID,
    isAdmin: member.membership.isAdmin,
  };
}

/** Platform staff signed in as themselves (an impersonated session is the user's, not the staff's). */
export const isStaff = (actor: Actor) => actor.user.isStaff && actor.impersonatorId === null;

/** Staff acting as this user by remote login. */
export const isImpersonated = (actor: Actor) => actor.impersonatorId !== null;
