import { escapeHtml, mailHtml } from '../../adapters/mail/mail-html.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

type Brand = { name: string; url: string };

export function confirmationCodeEmail(to: string, code: string, brand: Brand): MailMessage {
  return {
    brand,
    to,
    subject: `Your ${brand.name} confirmation code: ${code}`,
    text: `Welcome to ${brand.name}.\n\nYour confirmation code is ${code}.\n\nEnter it on the confirmation page to verify your email address.\n`,
    html: mailHtml(`<p>Welcome to ${escapeHtml(brand.name)}.</p><p>Your confirmation code is</p>
      <p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>
      <p>Enter it on the confirmation page to verify your email address.</p>`),
  };
}

export function challengeEmail(to: string, code: string, link: string, brand: Brand): MailMessage {
  return {
    brand,
    to,
    subject: `Your ${brand.name} sign-in code: ${code}`,
    text: `Use this code to sign in to ${brand.name}: ${code}\n\nOr open this link: ${link}\n\nThe code is valid for 24 hours. If you did not ask for it, ignore this email.\n`,
    html: mailHtml(`<p>Use this code to sign in to ${escapeHtml(brand.name)}:</p>
      <p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>
      <p><a href="${escapeHtml(link)}">Sign in to ${escapeHtml(brand.name)}</a></p>
      <p>The code is valid for 24 hours. If you did not ask for it, ignore this email.</p>`),
  };
}

export function resetPasswordEmail(to: string, link: string, brand: Brand, firstTime = false): MailMessage {
  const action = firstTime ? 'set a password for' : 'reset your password for';
  return {
    brand,
    to,
    subject: firstTime ? `Set your ${brand.name} password` : `Reset your ${brand.name} password`,
    text: `Someone asked to ${action} ${brand.name} with this email address.\n\nOpen this link to choose a new password (valid for 1 hour): ${link}\n\nIf it was not you, ignore this email.\n`,
    html: mailHtml(`<p>Someone asked to ${action} ${escapeHtml(brand.name)} with this email address.</p>
      <p><a href="${escapeHtml(link)}">Choose a new password</a> (valid for 1 hour)</p>
      <p>If it was not you, ignore this email.</p>`),
  };
}
