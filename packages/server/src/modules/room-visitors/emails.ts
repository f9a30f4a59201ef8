import { escapeHtml, mailHtml } from '../../adapters/mail/mail-html.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { MailBrand } from '../brand/mail-brand.ts';

/** The 8-character code that proves a room visitor's email (spec 3 §4, §9), and a link to the page that takes it. */
export function roomVerificationEmail(
  to: string,
  code: string,
  link: string,
  room: string,
  brand: MailBrand,
): MailMessage {
  return {
    brand,
    to,
    subject: `Your ${brand.name} verification code: ${code}`,
    text: `Use this code to verify your email for ${room}: ${code}\n\nEnter it on the page you came from, or open: ${link}\n\nThe code is valid for 24 hours. If you did not ask for it, ignore this email.\n`,
    html: mailHtml(`<p>Use this code to verify your email for ${escapeHtml(room)}:</p>
      <p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>
      <p><a href="${escapeHtml(link)}">Enter the code</a></p>
      <p>The code is valid for 24 hours. If you did not ask for it, ignore this email.</p>`),
  };
}
