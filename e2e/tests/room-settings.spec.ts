import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { onBaseURL, waitForMail } from '../support/mail.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

const personalLink = (text: string) =>
  text.match(/https?:\/\/\S+\/invites\/room\/[\w-]{22}\?id=[\w-]+&code=[\w-]+/)?.[0];

test("a room's admin shares a personal link, sees the guest's visit, disconnects them, revokes a link and reads the history", async ({
  page,
  browser,
  baseURL,
}) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  const label = `Series A ${randomUUID().slice(0, 6)}`;
  const guest = `investor-${randomUUID().slice(0, 8)}@example.com`;

  await loginWithPassword(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/c\/\d+\/home/);
  const companyId = /\/c\/(\d+)\//.exec(page.url())?.[1];
  await page.goto(`/c/${companyId}/rooms`);
  await page.getByRole('button', { name: 'New Room' }).click();
  const create = page.getByRole('dialog', { name: 'New Room' });
  await create.getByLabel('Name').fill(label);
  await create.getByRole('button', { name: 'Create Room' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${companyId}/rooms/\\d+`));
  const roomId = /\/rooms\/(\d+)/.exec(page.url())?.[1];

  await page.goto(`/c/${companyId}/rooms/${roomId}/settings`);
  await expect(page.getByRole('heading', { name: 'Settings & Sharing', level: 3 })).toBeVisible();
  await expect(page.getByTestId('Total Visits')).toHaveText('0');
  await expect(page.getByTestId('Total Interactions')).toHaveText('0');
  await expect(page.getByRole('img', { name: 'Visits over the last 30 days' })).toBeVisible();
  await expect(page.getByText('No one has visited this room yet.')).toBeVisible();
  await snap(page, 'room-settings-empty');

  // Private to Open; Invite Only is offered but not available.
  await page.getByRole('combobox', { name: 'Room Sharing & Access' }).click();
  await expect(page.getByRole('option', { name: /Invite Only/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('Not Currently Available')).toBeVisible();
  await page.getByRole('option', { name: 'Open', exact: true }).click();
  await expect(page.getByText('Room Updated.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Room Sharing & Access' })).toHaveValue('Open');

  await page.getByRole('button', { name: 'Share Personal Room Link' }).click();
  const share = page.getByRole('dialog', { name: 'Share Personal Room Link' });
  await share.getByRole('button', { name: 'Send Link' }).click();
  await expect(share.getByText('Email required')).toBeVisible();
  await share.getByLabel('Email').fill(guest);
  await snap(page, 'room-settings-share');
  await share.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByText('Email with room link sent.')).toBeVisible();
  const mail = await waitForMail(guest);
  const invite = personalLink(mail.text);
  expect(invite).toBeTruthy();

  // The guest opens their link in a browser of their own: the page redeems it and shows the room.
  const guestContext = await browser.newContext();
  const guestPage = await guestContext.newPage();
  await guestPage.goto(onBaseURL(invite ?? '', baseURL));
  await expect(guestPage).toHaveURL(/\/data-room\/[\w-]{22}\/overview/);
  await expect(guestPage.getByRole('heading', { name: label })).toBeVisible();
  await guestContext.close();

  // The owner sees the visit, the guest's history, and disconnects them.
  await page.reload();
  await expect(page.getByTestId('Total Visits')).toHaveText('1');
  const visitor = page.getByTestId('room-user').filter({ hasText: guest });
  await expect(visitor).toContainText('1 visit ·');
  await snap(page, 'room-settings-visitor');
  await visitor.getByRole('button', { name: 'History' }).click();
  const theirs = page.getByRole('dialog', { name: /^History: / });
  await expect(theirs.getByTestId('history-entry')).toContainText('Visited the room');
  await snap(page, 'room-settings-user-history');
  await page.keyboard.press('Escape');
  await expect(theirs).toBeHidden();
  await visitor.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('User Disconnected')).toBeVisible();
  await expect(visitor).toContainText('Disconnected');

  // A second link, revoked before it is used.
  const other = `advisor-${randomUUID().slice(0, 8)}@example.com`;
  await page.getByRole('button', { name: 'Share Personal Room Link' }).click();
  await share.getByLabel('Email').fill(other);
  await share.getByRole('button', { name: 'Send Link' }).click();
  await waitForMail(other);
  const link = page.getByTestId('room-link').filter({ hasText: other });
  await expect(link).toContainText('Pending');
  await link.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Room link revoked.')).toBeVisible();
  await expect(link).toContainText('Revoked');
  await snap(page, 'room-settings-link');

  await page.getByRole('button', { name: 'Room History' }).click();
  const history = page.getByRole('dialog', { name: `History: ${label}` });
  await expect(history.getByTestId('history-entry')).toContainText('Visited the room');
  await history.getByRole('combobox', { name: 'Sort history' }).click();
  await page.getByRole('option', { name: 'Downloads' }).click();
  await expect(history.getByText(`No history found for ${label}.`)).toBeVisible();
  const download = page.waitForEvent('download');
  await history.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe(`${label} history.csv`);
  await snap(page, 'room-settings-history');
});
