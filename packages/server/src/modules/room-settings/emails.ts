import { escapeHtml } from '../../adapters/mail/mail-html.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { MailBrand } from '../brand/mail-brand.ts';

/**
 * The page a personal link opens: it redeems the secret by a POST the page makes (DESIGN §4). The link is
 * named by its random public id, never its row's number.
 */
export const personalRoomLink = (brand: MailBrand, roomCode: string, publicId: string, secret: string) =>
  `${brand.url}/invites/room/${roomCode}?id=${publicId}&code=${secret}`;

/** A personal room link, sent once: the secret is in this email and nowhere else. */
export function roomLinkEmail(
  mail: { to: string; room: string; sender: string; link: string },
  brand: MailBrand,
): MailMessage {
  const { to, room, sender, link } = mail;
  const intro = `${sender} shared the room "${room}" with you.`;
  const warning = 'This link is personal: do not forward this email.';
  return {
    brand,
    to,
    subject: `${room}: your room link`,
    text: `Hello,\n\n${intro}\n\nOpen it here: ${link}\n\n${warning}\n\n${brand.name}\n`,
    html: `<div style="font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">
      <p>Hello,</p><p>${escapeHtml(intro)}</p>
      <p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:4px;text-decoration:none">Open the room</a></p>
      <p>${escapeHtml(warning)}</p><p>${escapeHtml(brand.name)}</p></div>`,
  };
}
