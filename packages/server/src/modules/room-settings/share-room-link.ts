import { ROOM_MESSAGES, validateEmail } from '@charter/domain';
import { randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { roomCodes } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { createInvitee, findInvitee } from '../auth/invitations.ts';
import { authorizeSharing } from '../auth/policies.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { codeHash, deriveCode, linkSecret } from '../rooms/link-codes.ts';
import { personalRoomLink, roomLinkEmail } from './emails.ts';
import { findSharedRoom } from './scope.ts';

/**
 * Shares a room with one email address: a guest user for an address no one holds (not a member of the
 * workspace), a personal link whose random secret goes only into the email (the row keeps its hash).
 */
export async function shareRoomLink({
  ctx,
  tx,
  actor,
  roomId,
  email: raw,
  brand,
}: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  roomId: number;
  email: string;
  brand: MailBrand;
}) {
  authorizeSharing(actor);
  const room = await findSharedRoom(tx, actor, roomId);
  const error = validateEmail(raw);
  if (error) throw invalid({ email: error });
  const email = raw.trim();
  const user = (await findInvitee(tx, email)) ?? (await createInvitee(tx, { email }));
  const secret = randomToken();
  const [code] = await tx
    .insert(roomCodes)
    .values({ roomId: room.id, email, userId: user.id, codeHash: codeHash(secret), createdBy: actor.userId })
    .returning({ id: roomCodes.id, publicId: roomCodes.publicId });
  const roomCode = deriveCode(await linkSecret(ctx, tx), 'room', room.id, room.codeGeneration);
  const sender = `${actor.user.firstName} ${actor.user.familyName}`.trim() || actor.user.email;
  const link = personalRoomLink(brand, roomCode, code.publicId, secret);
  await ctx.mailer.send(tx, roomLinkEmail({ to: email, room: room.label, sender, link }, brand));
  await recordAudit(tx, actor, 'room.code.share', { roomId: room.id, codeId: code.id, email });
  return { message: ROOM_MESSAGES.emailSent };
}
