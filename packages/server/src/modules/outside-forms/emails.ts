import { escapeHtml, mailHtml } from '../../adapters/mail/mail-html.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { MailBrand } from '../brand/mail-brand.ts';

/** The link to fill a shared form, sent to its connected email. */
export function formLinkEmail(
  to: string,
  form: { name: string; description: string },
  link: string,
  brand: MailBrand,
): MailMessage {
  const intro = `You have been asked to fill out "${form.name}".`;
  const about = form.description ? `\n\n${form.description}` : '';
  return {
    brand,
    to,
    subject: `Please fill out: ${form.name}`,
    text: `Hello,\n\n${intro}${about}\n\nOpen the form: ${link}\n\nNo sign-in is needed. Do not share this link: anyone with it can fill the form.\n\n${brand.name}\n`,
    html: mailHtml(`<p>Hello,</p><p>${escapeHtml(intro)}</p>
      ${form.description ? `<p>${escapeHtml(form.description)}</p>` : ''}
      <p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:4px;text-decoration:none">Open the form</a></p>
      <p>No sign-in is needed. Do not share this link: anyone with it can fill the form.</p>
      <p>${escapeHtml(brand.name)}</p>`),
  };
}
