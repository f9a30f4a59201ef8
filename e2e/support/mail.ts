import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';

type Mail = { to: string; subject: string; text: string; html: string; created_at: string };

const root = path.resolve(import.meta.dirname, '../..');

/** Reads the outbox the way a self-hoster does: `npm run mail -- --to EMAIL --json`. */
export function readMail(to: string): Mail[] {
  const out = execFileSync('npm', ['run', '--silent', 'mail', '--', '--to', to, '--json'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return JSON.parse(out) as Mail[];
}

/** Waits for the n-th message to `to` (the job queue delivers within a second or so). */
export async function waitForMail(to: string, count = 1): Promise<Mail> {
  let mails: Mail[] = [];
  await expect
    .poll(
      () => {
        mails = readMail(to);
        return mails.length;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBeGreaterThanOrEqual(count);
  return mails[count - 1];
}

export const confirmationCode = (mail: Mail) =>
  mail.text
    .match(/\b(\d{3})-(\d{3})\b/)
    ?.slice(1)
    .join('') ?? '';
export const verificationLink = (mail: Mail) => mail.text.match(/https?:\/\/\S+\/verify\/\S+/)?.[0] ?? '';
export const resetLink = (mail: Mail) => mail.text.match(/https?:\/\/\S+\/reset-password\/\S+/)?.[0] ?? '';

/** A link from an email, moved onto the origin the tests run against (PUBLIC_URL may differ). */
export const onBaseURL = (link: string, baseURL: string | undefined) => {
  const url = new URL(link);
  return new URL(url.pathname + url.search, baseURL).toString();
};
