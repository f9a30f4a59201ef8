import {
  ROOM_VISITOR_TEMPLATE,
  type RoomChallengeView,
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_HOURS,
  validateEmail,
} from '@charter/domain';
import { randomCode, randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { emailInUse, isEmailClaimed } from '../auth/email-claims.ts';
import { findUserByEmail } from '../auth/find-user.ts';
import { issueCode } from '../auth/one-time-codes.ts';
import { spendRecipientBudget } from '../auth/recipient-budget.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { roomVerificationEmail } from './emails.ts';
import type { RoomRow } from './find-room.ts';
import type { RoomViewer } from './policies.ts';

/** What a room challenge's code row remembers: the room and the visitor who asked. */
export const challengeState = (roomId: number, visitorId: number) =>
  `${ROOM_VISITOR_TEMPLATE}:${roomId}:${visitorId}`;

/**
 * POST /api/guest/rooms/{code}/challenge: a visitor of the room asks to prove an email. The auth module's
 * challenge codes are reused (8 characters, 24 h, attempt-limited, a few an hour per address); an address
 * without an account gets its user when the code proves it.
 */
export async function requestVerification(input: {
  ctx: AppContext;
  tx: Tx;
  room: RoomRow;
  viewer: RoomViewer;
  code: string;
  email: string;
  brand: MailBrand;
}): Promise<RoomChallengeView> {
  const { ctx, tx, viewer } = input;
  const emailError = validateEmail(input.email);
  if (emailError) throw invalid({ email: emailError });
  if (viewer.kind !== 'visitor')
    throw new AppError('FORBIDDEN', 'Admins of the room have nothing to verify here.');
  // No user for an address nobody holds: the code makes it once it proves the address (verify-visitor).
  const user = await findUserByEmail(tx, input.email);
  if (!user && (await isEmailClaimed(tx, input.email))) throw emailInUse();
  const email = user?.email ?? input.email.trim();
  await spendRecipientBudget(tx, 'room_challenge', email);
  const secret = randomCode(VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH);
  const receipt = randomToken(16);
  const id = await issueCode(tx, {
    purpose: 'challenge',
    userId: user?.id ?? null,
    email,
    code: secret,
    receipt,
    state: challengeState(input.room.id, viewer.visitor.id),
    ttlMs: VERIFICATION_CODE_TTL_HOURS * 3600_000,
  });
  const link = `${input.brand.url}/verify-code/${ROOM_VISITOR_TEMPLATE}?room=${input.code}&id=${id}`;
  await ctx.mailer.send(tx, roomVerificationEmail(email, secret, link, input.room.label, input.brand));
  return { id, receipt };
}
