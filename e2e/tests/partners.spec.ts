import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { expectAccessible, expectTitled } from '../support/a11y.ts';
import { confirmationCode, waitForMail } from '../support/mail.ts';
import { choose, loginWithPassword, logOut, snap } from '../support/ui.ts';

const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;
const CLIENT_COMPANY = `Harbor Robotics ${randomUUID().slice(0, 4)}, Inc.`;

/** Set-up: a client with a workspace of its own, made by the API (the `request` fixture has no cookies). */
async function registerClient(request: APIRequestContext, email: string, password: string) {
  const answer = await request.post('/api/authn/session/credentials', {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
    data: {
      email,
      password,
      first_name: 'Cleo',
      family_name: 'Client',
      create: true,
      tos: true,
      company: {
        company_name: CLIENT_COMPANY,
        features: [{ feature_type_id: 881, value: 'For-profit Company' }],
      },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { account_id: accountId, id_token: idToken } = (await answer.json()) as {
    account_id: number;
    id_token: string;
  };
  // Connecting a partner grants it access: only an account whose address is verified may (the code mailed).
  const code = confirmationCode(await waitForMail(email));
  const confirmed = await request.get(`/api/user/confirm/${code.slice(0, 3)}-${code.slice(3)}`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return accountId;
}

test('a client connects to a partner by code; the partner team sees it, changes a role and removes a member', async ({
  page,
  request,
}) => {
  // The seed's partner, Northwind Legal (code NORTHWIND), has the demo user as its admin.
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  const clientEmail = uniqueEmail('client');
  const password = 'a client password 123';
  const accountId = await registerClient(request, clientEmail, password);

  // The client's admin: Workspace Partners, the code, the partner's name, Connect.
  await loginWithPassword(page, clientEmail, password);
  await expect(page).toHaveURL(/\/c\/\d+\//);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'View Teams Settings' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'View Workspace Partners' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${accountId}/charter-partners$`));
  await expect(page.getByRole('heading', { name: 'Workspace Partners' })).toBeVisible();
  await expect(page.getByText('No partner is connected to this workspace.')).toBeVisible();
  await page.getByLabel('Partner code').fill('NOPE');
  await page.getByRole('button', { name: 'Find Partner' }).click();
  await expect(page.getByText('No partner has that code.')).toBeVisible();
  await page.getByLabel('Partner code').fill('northwind');
  await page.getByRole('button', { name: 'Find Partner' }).click();
  await expect(page.getByText('Northwind Legal')).toBeVisible();
  await snap(page, 'partners-code-found');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('Partner Connected')).toBeVisible();
  const connected = page.getByRole('table', { name: 'Connected partners' });
  await expect(connected.getByRole('cell', { name: 'Northwind Legal', exact: true })).toBeVisible();
  await snap(page, 'partners-connected');
  await expectTitled(page, 'Workspace Partners');
  await expectAccessible(page, 'workspace partners');
  await logOut(page);

  // The partner's admin: Teams lists the new client workspace.
  await loginWithPassword(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/c\/\d+\//);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'View Teams Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Teams', exact: true })).toBeVisible();
  const clients = page.getByRole('table', { name: 'Northwind Legal client workspaces' });
  await expect(clients.getByRole('cell', { name: CLIENT_COMPANY, exact: true })).toBeVisible();

  // A new colleague: added by email (a set-up link is mailed), made an admin, then removed.
  const colleague = uniqueEmail('associate');
  await page.getByRole('button', { name: 'Add Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a member to Northwind Legal' });
  await dialog.getByLabel('Email').fill(colleague);
  await dialog.getByLabel('First name').fill('Avery');
  await dialog.getByLabel('Last name').fill('Associate');
  await dialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(page.getByText(`${colleague} added to Northwind Legal.`)).toBeVisible();
  const members = page.getByRole('table', { name: 'Northwind Legal members' });
  const row = members.getByRole('row').filter({ hasText: colleague });
  await expect(row.getByRole('cell', { name: 'Avery Associate', exact: true })).toBeVisible();

  await choose(page, `Role of ${colleague}`, 'Admin');
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Role of ${colleague}` })).toHaveValue('Admin');
  await snap(page, 'partners-teams');
  await expectTitled(page, 'Teams');
  await expectAccessible(page, 'teams');

  await row.getByRole('button', { name: `Remove ${colleague}` }).click();
  await page.getByRole('dialog', { name: 'Remove Member' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Member removed from partner group.')).toBeVisible();
  await expect(members.getByRole('row').filter({ hasText: colleague })).toHaveCount(0);
  await snap(page, 'partners-member-removed');
});
