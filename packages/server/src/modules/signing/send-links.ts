import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type DocumentEventActor, documentRecipients } from '../../db/schema/index.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { signingRequestEmail } from './emails.ts';
import { newLinkSecret, signingLinkUrl } from './links.ts';
import { recordDocumentEvent } from './record-document-event.ts';
import type { DocumentRow, RecipientRow } from './scope.ts';

/**
 * Emails each recipient a new personal link (any link they had before stops working: only its hash is
 * kept, so a reminder cannot repeat it). The secret exists only in the email, or, with `deliver`, only in
 * what the caller does with it instead of emailing it (a room's NDA: the visitor is on the page and is
 * sent straight to it).
 */
export async function sendLinks(input: {
  ctx: AppContext;
  tx: Tx;
  document: DocumentRow;
  recipients: RecipientRow[];
  brand: MailBrand;
  sender: { name: string; email: string };
  by: DocumentEventActor;
  reminder?: boolean;
  deliver?: (recipient: RecipientRow, link: string) => void;
}) {
  const { ctx, tx, document, brand, by, reminder = false } = input;
  const now = new Date();
  const expires = new Date(now.getTime() + ctx.config.signingLinkDays * 86_400_000);
  for (const recipient of input.recipients) {
    const { secret, hash } = newLinkSecret();
    await tx
      .update(documentRecipients)
      .set({
        linkHash: hash,
        linkExpiresAt: expires,
        emailSentAt: recipient.emailSentAt ?? now,
        remindedAt: reminder ? now : recipient.remindedAt,
      })
      .where(eq(documentRecipients.id, recipient.id));
    const link = signingLinkUrl(brand.url, secret);
    if (input.deliver) input.deliver(recipient, link);
    else {
      const request = { to: recipient.email, name: recipient.name, title: document.label, link, expires };
      await ctx.mailer.send(tx, signingRequestEmail({ ...request, sender: input.sender }, brand, reminder));
    }
    await recordDocumentEvent({
      tx,
      documentId: document.id,
      kind: reminder ? 'reminded' : 'link_sent',
      actor: by,
      details: input.deliver
        ? { to: recipient.email, expires, via: 'page' }
        : { to: recipient.email, expires },
    });
  }
}
