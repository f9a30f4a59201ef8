import fs from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { demo, demoAccountApi, newDemoWorkspace } from '../support/demo.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

/** The demo workspace's API as its owner: a SAFE financing listing investors (the report's rows). */
async function safeWithInvestors(request: APIRequestContext, accountId: number, investors: string[][]) {
  const { post } = await demoAccountApi(request, accountId);
  const project = await post('/api/account/project_template/safe-financing/create', {});
  const transactionId = project.groupedTransactions[0].id;
  for (const [name, mail, amount] of investors) {
    const resource = await post('/api/account/resource', {
      name,
      transaction_id: transactionId,
      question_id: 'investors',
    });
    for (const [key, value] of [
      ['email', mail],
      ['amount', amount],
    ])
      await post('/api/account/flat_feature', {
        transaction_id: transactionId,
        feature_type_id: key,
        resource_id: resource.id,
        value,
      });
  }
}

test('a workflow’s investor list is a report table: sorted, downloaded as CSV and shared', async ({
  page,
  request,
}) => {
  await loginWithPassword(page, demo().email, demo().password);
  await expect(page).toHaveURL(/\/c\/\d+\//);
  // A workspace of its own: other specs add investors to the demo workspace's SAFE financing.
  const accountId = await newDemoWorkspace(request, `Report Ventures ${Date.now() % 1_000_000}, Inc.`);
  await safeWithInvestors(request, accountId, [
    ['Zed Investor', 'zed@example.com', '$25,000.00'],
    ['=HYPERLINK("http://evil.example")', 'eve@example.com', '$10,000.00'],
    ['Ada Angel', 'ada@example.com', '$50,000.00'],
  ]);

  await page.goto(`/c/${accountId}/home`);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  const table = page.getByRole('region', { name: 'Investors' });
  await expect(table.getByRole('cell', { name: 'Zed Investor' })).toBeVisible();
  const names = () =>
    table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent));
  expect(await names()).toEqual(['Zed Investor', '=HYPERLINK("http://evil.example")', 'Ada Angel']);
  await table.getByRole('button', { name: /Investor name/ }).click();
  expect(await names()).toEqual(['=HYPERLINK("http://evil.example")', 'Ada Angel', 'Zed Investor']);
  await table.getByRole('button', { name: /Investor name/ }).click();
  expect(await names()).toEqual(['Zed Investor', 'Ada Angel', '=HYPERLINK("http://evil.example")']);
  await snap(page, 'reports-page');
  await page.screenshot({ path: '/tmp/reports-page.png', fullPage: true });

  const downloading = page.waitForEvent('download');
  await table.getByRole('button', { name: 'Download CSV' }).click();
  await expect(page.getByText('Starting Download.')).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('SAFE Financing - Investors.csv');
  const csv = fs.readFileSync((await download.path()) as string, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('Investor name,Email,Purchase amount,Date Added');
  expect(lines[1]).toMatch(/^Zed Investor,zed@example\.com,"\$25,000\.00",\d\d\/\d\d\/\d{4}$/);
  // The formula-like name is text in a spreadsheet: an apostrophe before it, quotes doubled.
  expect(lines[3]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)",eve@example\.com,/);

  await table.getByRole('button', { name: 'Manage Report Sharing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Report Sharing' });
  await dialog.getByRole('switch', { name: "Show in users' dashboards" }).check();
  await dialog.getByRole('checkbox', { name: 'Ada Angel' }).check();
  await page.screenshot({ path: '/tmp/reports-sharing.png' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Report Sharing Updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.locator('.mantine-Paper-root', { has: table });
  await expect(card.getByText('Shared', { exact: true })).toBeVisible();
  // Reopened, the modal shows what was saved.
  await table.getByRole('button', { name: 'Manage Report Sharing' }).click();
  await expect(dialog.getByRole('switch')).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Ada Angel' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Zed Investor' })).not.toBeChecked();

  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Shared and narrowed to one row, the report shows in the dashboard with that row only.
  await page.goto(`/c/${accountId}/dashboard`);
  const shared = page.getByRole('region', { name: 'Investors' });
  await expect(shared.getByRole('cell', { name: 'Ada Angel' })).toBeVisible();
  await expect(shared.locator('tbody tr')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/reports-dashboard.png', fullPage: true });
});
