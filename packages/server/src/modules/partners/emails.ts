import { escapeHtml, mailHtml } from '../../adapters/mail/mail-html.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { INVITATION_TTL_DAYS } from '../auth/invitations.ts';
import type { MailBrand } from '../brand/mail-brand.ts';

/**
 * A person added to a partner team. `setUpLink` is for someone new to the product: it lets them choose a
 * password (the reset-password page). Those who already sign in get a link to the Teams page.
 */
export function addedToTeamEmail(input: {
  to: string;
  team: string;
  by: string;
  brand: MailBrand;
  setUpLink: string | null;
}): MailMessage {
  const { to, team, by, brand, setUpLink } = input;
  const link = setUpLink ?? `${brand.url}/c/0/teams`;
  const action = setUpLink ? 'Set up your sign-in' : 'Open your teams';
  const validity = setUpLink ? ` (the link is valid for ${INVITATION_TTL_DAYS} days)` : '';
  return {
    brand,
    to,
    subject: `${by} added you to ${team} on ${brand.name}`,
    text: `${by} added you to the team ${team} on ${brand.name}.\n\n${action}${validity}: ${link}\n`,
    html: mailHtml(`<p>${escapeHtml(by)} added you to the team <b>${escapeHtml(team)}</b> on ${escapeHtml(brand.name)}.</p>
      <p><a href="${escapeHtml(link)}">${action}</a>${validity}</p>`),
  };
}
