import { normalizeEmail, SIGNING_NOT_YOUR_TURN } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { authorizeSharing } from '../auth/policies.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { memberEventActor, senderOf } from './people.ts';
import { findSigningDocument, recipientsOf } from './scope.ts';
import { sendLinks } from './send-links.ts';
import { turnOf } from './turns.ts';

export const NOT_A_PENDING_RECIPIENT = 'This person is not waiting to sign this document.';

/**
 * POST /api/account/pandadoc/documents/{id}/resend (spec 2 §7, after its confirm): a new link for one
 * recipient whose signature is awaited now; the old link stops working.
 */
export async function resendLink(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  email: string;
  brand: MailBrand;
}) {
  const { ctx, tx, actor, brand } = input;
  authorizeSharing(actor);
  const document = await findSigningDocument(tx, actor, input.id, true);
  const recipients = await recipientsOf(tx, document.id);
  const email = normalizeEmail(input.email);
  const recipient = recipients.find((r) => r.email === email);
  const waiting =
    document.signingState === 'sent' && recipient && !recipient.signedAt && !recipient.declinedAt;
  if (!waiting) throw new AppError('CONFLICT', NOT_A_PENDING_RECIPIENT);
  if (!turnOf(document, recipients).some((r) => r.id === recipient.id)) {
    throw new AppError('CONFLICT', SIGNING_NOT_YOUR_TURN);
  }
  const sender = await senderOf(tx, document);
  await sendLinks({ ctx, tx, document, recipients: [recipient], brand, sender, by: memberEventActor(actor) });
}
