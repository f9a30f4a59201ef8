import { escapeHtml, mailHtml } from '../../adapters/mail/mail-html.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { MailBrand } from '../brand/mail-brand.ts';

type Request = {
  to: string;
  name: string;
  title: string;
  /** Who asks, and the address that reaches them (replies go there too). */
  sender: { name: string; email: string };
  link: string;
  expires: Date;
};

const expiryText = (expires: Date) =>
  expires.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A recipient's personal link to review and sign (or to approve) a document. */
export function signingRequestEmail(request: Request, brand: MailBrand, reminder = false): MailMessage {
  const { to, name, title, sender, link, expires } = request;
  const ask = `${sender.name} asks you to sign "${title}".`;
  const contact = `Questions about it? Write to ${sender.name} at ${sender.email}.`;
  return {
    brand,
    to,
    replyTo: sender.email,
    subject: `${reminder ? 'Reminder: ' : ''}Please sign: ${title}`,
    text: `Hello ${name},\n\n${ask}\n\nOpen your personal link to read and sign it: ${link}\n\nThe link is valid until ${expiryText(expires)}. Do not forward this email: anyone with the link can sign in your name.\n\n${contact}\n\n${brand.name}\n`,
    html: mailHtml(`<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(ask)}</p>
      <p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:4px;text-decoration:none">Review and sign</a></p>
      <p>The link is valid until ${escapeHtml(expiryText(expires))}. Do not forward this email: anyone with the link can sign in your name.</p>
      <p>${escapeHtml(contact)}</p>
      <p>${escapeHtml(brand.name)}</p>`),
  };
}

/** Everyone's copy of the sealed document, attached. */
export function completedEmail(
  to: { email: string; name: string },
  title: string,
  attachment: { filename: string; storageKey: string },
  brand: MailBrand,
): MailMessage {
  const text = `"${title}" has been signed by everyone. The signed PDF, with its signing certificate, is attached.`;
  return {
    brand,
    to: to.email,
    subject: `Completed: ${title}`,
    text: `Hello ${to.name},\n\n${text}\n\n${brand.name}\n`,
    html: mailHtml(
      `<p>Hello ${escapeHtml(to.name)},</p><p>${escapeHtml(text)}</p><p>${escapeHtml(brand.name)}</p>`,
    ),
    attachments: [
      { filename: attachment.filename, contentType: 'application/pdf', storageKey: attachment.storageKey },
    ],
  };
}

/** The sender learns that a recipient declined, and why. */
export function declinedEmail(
  to: string,
  title: string,
  who: string,
  reason: string,
  brand: MailBrand,
): MailMessage {
  const text = `${who} declined to sign "${title}". Their reason: ${reason}`;
  return {
    brand,
    to,
    subject: `Declined: ${title}`,
    text: `${text}\n\nThe document can no longer be signed; send a new one if needed.\n\n${brand.name}\n`,
    html: mailHtml(`<p>${escapeHtml(text)}</p><p>The document can no longer be signed; send a new one if needed.</p>
      <p>${escapeHtml(brand.name)}</p>`),
  };
}

/** Recipients who were asked to sign learn that the sender withdrew the document. */
export function voidedEmail(to: string, title: string, sender: string, brand: MailBrand): MailMessage {
  const text = `${sender} voided "${title}": it no longer needs your signature.`;
  return {
    brand,
    to,
    subject: `Voided: ${title}`,
    text: `${text}\n\n${brand.name}\n`,
    html: mailHtml(`<p>${escapeHtml(text)}</p><p>${escapeHtml(brand.name)}</p>`),
  };
}
