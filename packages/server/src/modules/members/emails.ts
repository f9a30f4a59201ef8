import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { MailBrand } from '../brand/mail-brand.ts';

const wrap = (body: string) =>
  `<div style="font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">${body}</div>`;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const INVITATION_TTL_DAYS = 7;

type Invitation = { to: string; inviter: string; workspace: string; link: string; brand: MailBrand };

/** A new person: who invited them to which workspace, and a link to choose a password (7 days). */
export function invitationEmail({ to, inviter, workspace, link, brand }: Invitation): MailMessage {
  return {
    to,
    subject: `${inviter} invited you to ${workspace} on ${brand.name}`,
    text: `${inviter} invited you to join ${workspace} on ${brand.name}.\n\nOpen this link to set up your sign-in (choose a password), then sign in to see the workspace (valid for ${INVITATION_TTL_DAYS} days): ${link}\n\nIf you were not expecting this, ignore this email.\n`,
    html: wrap(`<p>${escapeHtml(inviter)} invited you to join <strong>${escapeHtml(workspace)}</strong> on ${escapeHtml(brand.name)}.</p>
      <p><a href="${escapeHtml(link)}">Set up your sign-in</a> (valid for ${INVITATION_TTL_DAYS} days), then sign in to see the workspace.</p>
      <p>If you were not expecting this, ignore this email.</p>`),
  };
}

/** Someone who already signs in: the workspace now appears among theirs. */
export function addedEmail({ to, inviter, workspace, link, brand }: Invitation): MailMessage {
  return {
    to,
    subject: `You were added to ${workspace}`,
    text: `${inviter} added you to ${workspace} on ${brand.name}. It now appears among your workspaces: ${link}\n`,
    html: wrap(`<p>${escapeHtml(inviter)} added you to <strong>${escapeHtml(workspace)}</strong> on ${escapeHtml(brand.name)}.</p>
      <p><a href="${escapeHtml(link)}">Open ${escapeHtml(workspace)}</a></p>`),
  };
}
