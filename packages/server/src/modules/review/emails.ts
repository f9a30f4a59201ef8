import { escapeHtml } from '../../adapters/mail/mail-html.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { MailBrand } from '../brand/mail-brand.ts';

const expiryText = (expires: Date) =>
  expires.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The page a reviewer opens: on the brand's web address the request came through. */
export const reviewLinkUrl = (baseUrl: string, secret: string) => `${baseUrl}/review/${secret}`;

/** A reviewer's personal link to read a document and suggest changes or comment. */
export function reviewRequestEmail(
  request: { to: string; name: string; title: string; sender: string; link: string; expires: Date },
  brand: MailBrand,
): MailMessage {
  const { to, name, title, sender, link, expires } = request;
  const ask = `${sender} asks you to review "${title}".`;
  const until = `The link is valid until ${expiryText(expires)}. Do not forward this email: anyone with the link can comment in your name.`;
  return {
    brand,
    to,
    subject: `Please review: ${title}`,
    text: `Hello ${name},\n\n${ask}\n\nOpen your personal link to read it and suggest changes: ${link}\n\n${until}\n\n${brand.name}\n`,
    html: `<div style="font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">
      <p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(ask)}</p>
      <p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:4px;text-decoration:none">Review the document</a></p>
      <p>${escapeHtml(until)}</p><p>${escapeHtml(brand.name)}</p></div>`,
  };
}
