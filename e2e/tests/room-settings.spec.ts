import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { waitForMail } from '../support/mail.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

const personalLink = (text: string) =>
  text.match(/https?:\/\/\S+\/invites\/room\/[\w-]{22}\?id=\d+&code=[\w-]+/)?.[0];

test("a room's admin opens it, shares a personal link by email, revokes it and reads the (empty) history", async ({
  page,
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
  await page.getByRole('combobox', { name: 'Access' }).click();
  await expect(page.getByRole('option', { name: /Invite Only/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('Not Currently Available')).toBeVisible();
  await page.getByRole('option', { name: 'Open', exact: true }).click();
  await expect(page.getByText('Room Updated.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Access' })).toHaveValue('Open');

  await page.getByRole('button', { name: 'Share Personal Room Link' }).click();
  const share = page.getByRole('dialog', { name: 'Share Personal Room Link' });
  await share.getByRole('button', { name: 'Send Link' }).click();
  await expect(share.getByText('Email required')).toBeVisible();
  await share.getByLabel('Email').fill(guest);
  await snap(page, 'room-settings-share');
  await share.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByText('Email with room link sent.')).toBeVisible();
  const mail = await waitForMail(guest);
  expect(personalLink(mail.text)).toBeTruthy();

  const link = page.getByTestId('room-link').filter({ hasText: guest });
  await expect(link).toContainText('Pending');
  await snap(page, 'room-settings-link');
  await link.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Room link revoked.')).toBeVisible();
  await expect(link).toContainText('Revoked');

  await page.getByRole('button', { name: 'Room History' }).click();
  const history = page.getByRole('dialog', { name: `History: ${label}` });
  await expect(history.getByText(`No history found for ${label}.`)).toBeVisible();
  await history.getByRole('combobox', { name: 'Sort history' }).click();
  await page.getByRole('option', { name: 'Downloads' }).click();
  await expect(history.getByText(`No history found for ${label}.`)).toBeVisible();
  const download = page.waitForEvent('download');
  await history.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe(`${label} history.csv`);
  await snap(page, 'room-settings-history');
});
