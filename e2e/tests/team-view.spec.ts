import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { loginWithPassword, logOut, snap } from '../support/ui.ts';

/** The seeded demo partner's member (packages/server/src/seed-demo-partner.ts): the demo password. */
const COUNSEL_EMAIL = 'counsel@charter.local';
const CLIENT = 'Demo Ventures, Inc.';

type Demo = { email: string; password: string };

/** Board consents started in the demo workspace through the API, as its owner would from Workflows. */
async function startConsents(request: APIRequestContext, demo: Demo, labels: string[]) {
  const basic = Buffer.from(`${demo.email}:${demo.password}`).toString('base64');
  const session = await request.post('/api/authn/session/credentials', {
    headers: { authorization: `Basic ${basic}` },
  });
  expect(session.ok()).toBe(true);
  const idToken = (await session.json()).id_token as string;
  const accounts = await request.get('/api/user/accounts', {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const workspace = ((await accounts.json()) as { id: number; company_name: string }[]).find(
    (a) => a.company_name === CLIENT,
  );
  const token = await request.post('/api/authn/access_token', {
    headers: { authorization: `Bearer ${idToken}` },
    data: { account_id: workspace?.id },
  });
  const access = (await token.json()).access_token as string;
  for (const label of labels) {
    const created = await request.post('/api/account/project_template/board-consent/create', {
      headers: { authorization: `Bearer ${access}` },
      data: { label },
    });
    expect(created.status()).toBe(201);
  }
}

const todoRow = (page: Page, projectLabel: string) =>
  page.getByLabel('To-dos').getByRole('row', { name: new RegExp(projectLabel) });

test("a partner's member assigns a client's to-do from the team view, and the client sees it", async ({
  page,
  request,
}) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as Demo;
  const suffix = Date.now().toString(36);
  const assigned = `Team consent ${suffix}`;
  const dismissed = `Spare consent ${suffix}`;
  await startConsents(request, demo, [assigned, dismissed]);

  // The counsel belongs to no workspace: the Dashboard entry needs none chosen.
  await loginWithPassword(page, COUNSEL_EMAIL, demo.password);
  await expect(page).toHaveURL(/\/c\/0\/company-select/);
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/c\/0\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const client = page.getByRole('region', { name: CLIENT });
  await expect(client.getByText('Client', { exact: true })).toBeVisible();
  await expect(todoRow(page, assigned)).toBeVisible();
  await snap(page, 'team-view-dashboard');

  await todoRow(page, assigned).getByRole('combobox', { name: 'Assignee of Resolutions' }).click();
  await page.getByRole('option', { name: 'Dana Demo' }).click();
  await expect(page.getByText('Task To-do assigned!')).toBeVisible();
  await expect(
    todoRow(page, assigned).getByRole('combobox', { name: 'Assignee of Resolutions' }),
  ).toHaveValue('Dana Demo');

  await todoRow(page, dismissed).getByRole('button', { name: 'Delete to-do Resolutions' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('To-do deleted')).toBeVisible();
  await expect(todoRow(page, dismissed)).toHaveCount(0);
  await snap(page, 'team-view-assigned');

  // The client's own home page shows whom the partner gave the to-do to.
  await logOut(page);
  await loginWithPassword(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/c\/\d+\/home$/);
  await expect(
    todoRow(page, assigned).getByRole('combobox', { name: 'Assignee of Resolutions' }),
  ).toHaveValue('Dana Demo');
  await expect(todoRow(page, dismissed)).toHaveCount(0);
  await snap(page, 'team-view-client-home');

  // The user menu's View User Dashboard opens the same list, the client's own to-dos among them.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'View User Dashboard' }).click();
  await expect(page).toHaveURL(/\/c\/\d+\/dashboard\/personal$/);
  await expect(todoRow(page, assigned)).toBeVisible();
  await snap(page, 'team-view-own-dashboard');
});
