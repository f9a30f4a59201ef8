import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

const founder = (page: Page, index: number) => page.getByLabel(`Founders ${index}`, { exact: true });

/** Types into an answer and leaves it, which is when answers are checked and saved. */
async function answer(box: Locator, value: string) {
  await box.fill(value);
  await box.blur();
}

async function addFounder(page: Page, index: number, name: string, email: string, phone: string) {
  await page.getByLabel('New Founders name').fill(name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const entry = founder(page, index);
  await expect(entry.getByText(name, { exact: true })).toBeVisible();
  await answer(entry.getByLabel('Email', { exact: true }), email);
  await answer(entry.getByLabel('Phone', { exact: true }), phone);
  await answer(entry.getByLabel('Title', { exact: true }), 'Co-founder');
  await answer(entry.getByLabel('Shares purchased', { exact: true }), '4000000');
}

test('form a Delaware corporation: answer, leave, come back, submit and preview the generated PDF', async ({
  page,
}) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  await loginWithPassword(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/c\/\d+\/home/);
  await page.getByRole('link', { name: 'Workflows' }).click();
  await page.getByRole('button', { name: 'Start Form a Delaware Corporation' }).click();
  await expect(page).toHaveURL(/\/workbench\/2\/\d+\/\d+\/task-view$/);
  await expect(page.getByRole('heading', { name: 'Formation details' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Workflow navigation' });
  await expect(nav.getByText('Save & Exit')).toBeVisible();
  await expect(nav.getByText('Discard Workflow & Exit')).toBeVisible();

  // A company name without its suffix is refused with the spec's message, then fixed with the picker.
  const company = page.getByLabel('Company name', { exact: true });
  await answer(company, 'Acme Rockets');
  await expect(page.getByText('Select a suffix')).toBeVisible();
  await page.getByRole('combobox', { name: 'Company suffix' }).click();
  await page.getByRole('option', { name: 'Inc.', exact: true }).click();
  await expect(company).toHaveValue('Acme Rockets, Inc.');
  await expect(page.getByText('Select a suffix')).toHaveCount(0);

  const office = page.getByRole('group', { name: 'Principal office' });
  await office.getByLabel('Line One', { exact: true }).fill('1 Main Street');
  await office.getByLabel('City', { exact: true }).fill('Dover');
  await office.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Delaware', exact: true }).click();
  await answer(office.getByLabel('Zip', { exact: true }), '19901');
  await answer(page.getByLabel('Formation date', { exact: true }), 'Mar 2, 2026');
  await expect(page.getByLabel('Formation date', { exact: true })).toHaveValue('03/02/2026');
  await page.getByRole('radiogroup', { name: 'Founder shares vest' }).getByLabel('No').check();

  // Two founders; the first phone number is too short and shows the spec's message until fixed.
  await addFounder(page, 1, 'Ada Lovelace', 'ada@example.com', '555 01');
  await expect(founder(page, 1).getByText('Full phone number required.')).toBeVisible();
  await answer(founder(page, 1).getByLabel('Phone', { exact: true }), '2025550143');
  await expect(founder(page, 1).getByLabel('Phone', { exact: true })).toHaveValue('+1 (202) 555-0143');
  await expect(founder(page, 1).getByText('Full phone number required.')).toHaveCount(0);
  await addFounder(page, 2, 'Charles Babbage', 'charles@example.com', '2025550178');
  await expect(page.getByText('Saving…')).toHaveCount(0);

  // A workflow role for a member of the workspace.
  const roles = page.getByRole('region', { name: 'Workflow roles' });
  await roles.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Attorney', exact: true }).click();
  await roles.getByRole('combobox', { name: 'Member' }).click();
  await page.getByRole('option', { name: 'Dana Demo' }).click();
  await roles.getByRole('button', { name: 'Add role' }).click();
  await expect(roles.getByRole('row', { name: /Attorney/ })).toContainText('Dana Demo');
  await snap(page, 'delaware-questionnaire');

  // Leave and come back: every answer was saved on blur.
  await nav.getByText('Save & Exit').click();
  await expect(page).toHaveURL(/\/c\/\d+\/home$/);
  // Starting the workflow made its task group a to-do, which can be assigned to a member.
  const todos = page.getByLabel('To-dos');
  await expect(todos.getByText('Formation details')).toBeVisible();
  await todos.getByRole('combobox', { name: 'Assignee of Formation details' }).click();
  await page.getByRole('option', { name: /Dana/ }).click();
  await expect(page.getByText('Task To-do assigned!')).toBeVisible();
  await page.getByRole('link', { name: 'Tasks', exact: true }).click();
  const row = page.getByRole('row', { name: /Formation details/ });
  await expect(row.getByText('Form Incomplete')).toBeVisible();
  await row.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Company name', { exact: true })).toHaveValue('Acme Rockets, Inc.');
  await expect(page.getByLabel('Formation date', { exact: true })).toHaveValue('03/02/2026');
  await expect(founder(page, 2).getByLabel('Phone', { exact: true })).toHaveValue('+1 (202) 555-0178');
  await expect(founder(page, 1).getByLabel('Email', { exact: true })).toHaveValue('ada@example.com');

  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page.getByText('Form Completed')).toBeVisible();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByLabel('Task status')).toHaveText('In Progress');

  // A second tab waits on the documents page, which does not poll: the live channel brings the documents.
  const companyId = page.url().match(/\/c\/(\d+)\//)?.[1];
  const watcher = await page.context().newPage();
  await watcher.goto(`/c/${companyId}/documents`);
  await expect(watcher.getByRole('status', { name: 'Live updates on' })).toBeVisible();
  const watched = watcher.getByRole('table', { name: 'Documents' });
  await expect(watched.locator('tbody tr').first()).toBeVisible();
  await expect(watched.getByRole('row', { name: /Bylaws\.pdf/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Submit Task' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Task' }).click();
  await expect(page.getByText('Task Submitted!')).toBeVisible();

  // Generation runs as a job; the overview follows it until every document is there.
  await expect(page.getByLabel('Task status')).toHaveText('Completed', { timeout: 30_000 });
  const certificate = page.getByRole('article', { name: 'Certificate of Incorporation' });
  await expect(certificate.getByText('Certificate of Incorporation.pdf').first()).toBeVisible();
  await expect(certificate.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(certificate.getByText('Document generated')).toBeVisible();
  await expect(watched.getByRole('row', { name: /Bylaws\.pdf/ })).toBeVisible({ timeout: 15_000 });
  await snap(watcher, 'live-documents');
  await watcher.close();
  await certificate.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Certificate of Incorporation' });
  await expect(preview.getByLabel('Page 1')).toBeVisible({ timeout: 20_000 });
  await snap(page, 'delaware-preview');
  await page.keyboard.press('Escape');

  // The documents page lists them; a document gets a recipient, then loses it.
  await page.getByRole('link', { name: 'Documents', exact: true }).click();
  const documents = page.getByRole('table', { name: 'Documents' });
  const bylaws = documents.getByRole('row', { name: /Bylaws\.pdf/ });
  await bylaws.getByRole('button', { name: 'Recipients' }).click();
  const recipients = page.getByRole('dialog', { name: 'View Document Recipients' });
  await recipients.getByLabel('Name').fill('Ada Lovelace');
  await recipients.getByRole('button', { name: 'Add Recipient' }).click();
  await expect(recipients.getByText('Please fill out all fields')).toBeVisible();
  await recipients.getByLabel('Email').fill('ada@example.com');
  await recipients.getByRole('button', { name: 'Add Recipient' }).click();
  await expect(recipients.getByRole('row', { name: /Ada Lovelace/ })).toContainText('Signer');
  await recipients.getByRole('button', { name: 'Remove Ada Lovelace' }).click();
  await page
    .getByRole('dialog', { name: 'Remove recipient' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(recipients.getByText('No recipients yet.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Submitted Tasks' }).click();
  await expect(page.getByRole('row', { name: /Formation details/ }).getByText('Completed')).toBeVisible();
});
