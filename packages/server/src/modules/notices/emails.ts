import { escapeHtml, mailHtml } from '../../adapters/mail/mail-html.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import type { NoticeRecipient } from './notify-owners.ts';

/** The member who shared a form learns that it came back filled in, with the way to its task. */
export function formSubmittedEmail(
  to: NoticeRecipient,
  form: string,
  link: string,
  brand: MailBrand,
): MailMessage {
  const text = `The shared form "${form}" was filled in and submitted.`;
  return {
    to: to.email,
    brand,
    subject: `Form submitted: ${form}`,
    text: `Hello ${to.name},\n\n${text}\n\nSee its answers and task: ${link}\n\n${brand.name}\n`,
    html: mailHtml(`<p>Hello ${escapeHtml(to.name)},</p><p>${escapeHtml(text)}</p>
      <p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:4px;text-decoration:none">Open the task</a></p>
      <p>${escapeHtml(brand.name)}</p>`),
  };
}
