import { escapeHtml, mailHtml } from '../../adapters/mail/mail-html.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { INVITATION_TTL_DAYS } from '../auth/invitations.ts';
import type { MailBrand } from '../brand/mail-brand.ts';

type Invitation = { to: string; inviter: string; workspace: string; link: string; brand: MailBrand };

/** A new person: who invited them to which workspace, and a link to choose a password (7 days). */
export function invitationEmail({ to, inviter, workspace, link, brand }: Invitation): MailMessage {
  return {
    brand,
    to,
    subject: `${inviter} invited you to ${workspace} on ${brand.name}`,
    text: `${inviter} invited you to join ${workspace} on ${brand.name}.\n\nOpen this link to set up your sign-in (choose a password), then sign in to see the workspace (valid for ${INVITATION_TTL_DAYS} days): ${link}\n\nIf you were not expecting this, ignore this email.\n`,
    html: mailHtml(`<p>${escapeHtml(inviter)} invited you to join <strong>${escapeHtml(workspace)}</strong> on ${escapeHtml(brand.name)}.</p>
      <p><a href="${escapeHtml(link)}">Set up your sign-in</a> (valid for ${INVITATION_TTL_DAYS} days), then sign in to see the workspace.</p>
      <p>If you were not expecting this, ignore this email.</p>`),
  };
}

/** Someone who already signs in: the workspace now appears among theirs. */
export function addedEmail({ to, inviter, workspace, link, brand }: Invitation): MailMessage {
  return {
    brand,
    to,
    subject: `You were added to ${workspace}`,
    text: `${inviter} added you to ${workspace} on ${brand.name}. It now appears among your workspaces: ${link}\n`,
    html: mailHtml(`<p>${escapeHtml(inviter)} added you to <strong>${escapeHtml(workspace)}</strong> on ${escapeHtml(brand.name)}.</p>
      <p><a href="${escapeHtml(link)}">Open ${escapeHtml(workspace)}</a></p>`),
  };
}
