import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

test('the workflows page shows the template library by area, following the hash', async ({ page }) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  await loginWithPassword(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/c\/\d+\/home/);
  await page.getByRole('link', { name: 'Workflows' }).click();
  await expect(page).toHaveURL(/\/c\/\d+\/workflows/);
  await expect(page.getByText('Form a Delaware Corporation')).toBeVisible();
  await expect(page.getByText('SAFE Financing')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Financing' }).click();
  await expect(page).toHaveURL(/#financing$/);
  await expect(page.getByText('SAFE Financing')).toBeVisible();
  await snap(page, 'workflows-financing');
  await page.goto(page.url().replace('#financing', '#other'));
  await expect(page.getByText('Legal Health Check')).toBeVisible();
  await expect(page.getByText('Assessment', { exact: true })).toBeVisible();
});

test('an assessment is submitted from its form, shows its answers, and can be restarted', async ({
  page,
}) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  await loginWithPassword(page, demo.email, demo.password);
  await page.getByRole('link', { name: 'Workflows' }).click();
  await page.getByRole('tab', { name: 'Other' }).click();
  await page.getByRole('button', { name: 'Start Legal Health Check' }).click();
  await expect(page).toHaveURL(/\/workbench\/\d+\/\d+\/\d+\/task-view$/);
  // The workspace's own name, fixed.
  await expect(page.getByLabel('Company name', { exact: true })).toHaveValue('Demo Ventures, Inc.');
  await expect(page.getByLabel('Company name', { exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(
    page.getByText('Fill out all required fields before continuing.', { exact: true }),
  ).toBeVisible();
  for (const question of [
    'The company has adopted bylaws',
    'Founder shares are subject to vesting',
    'Every founder has assigned their IP to the company',
  ]) {
    await page.getByRole('radiogroup', { name: question }).getByLabel('Yes').check();
  }
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByLabel('Task status')).toHaveText('Completed', { timeout: 30_000 });
  const answers = page.getByLabel('Assessment answers');
  await expect(answers.getByRole('row', { name: /adopted bylaws/ })).toContainText('Yes');
  await expect(
    page.getByRole('navigation', { name: 'Workflow navigation' }).getByText('Overview'),
  ).toBeVisible();
  await snap(page, 'assessment-overview');

  await page.getByRole('button', { name: 'Task menu' }).click();
  await page.getByRole('menuitem', { name: 'Restart Assessment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restart Assessment' }).click();
  await expect(page.getByText('Task reopened.')).toBeVisible();
  await expect(page).toHaveURL(/\/task-view$/);
  await expect(page.getByText('Your task is being reopened.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Assessment' })).toBeDisabled();
  await expect(
    page.getByRole('radiogroup', { name: 'The company has adopted bylaws' }).getByLabel('Yes'),
  ).toBeChecked();
});

test('a task in Upload mode is completed by its uploaded document', async ({ page }) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  await loginWithPassword(page, demo.email, demo.password);
  await page.getByRole('link', { name: 'Workflows' }).click();
  await page.getByRole('tab', { name: 'Customers & Partners' }).click();
  await page.getByRole('button', { name: 'Start Mutual NDA' }).click();
  await expect(page).toHaveURL(/\/task-view$/);
  await page.getByLabel("Your signer's name", { exact: true }).fill('Dana Demo');
  await page.getByLabel("Your signer's email", { exact: true }).fill('dana@demo.example');
  await page.getByLabel("Other party's legal name", { exact: true }).fill('Globex Corporation');
  await page.getByLabel("Other party's legal name", { exact: true }).blur();
  await page.getByLabel("Other party's signer name", { exact: true }).fill('Hank Scorpio');
  await page.getByLabel("Other party's signer email", { exact: true }).fill('legal@globex.example');
  await page.getByLabel('Purpose of the disclosure', { exact: true }).fill('A pilot project');
  await page.getByLabel('Effective date', { exact: true }).fill('04/01/2026');
  await page.getByLabel('Effective date', { exact: true }).blur();
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page).toHaveURL(/\/overview$/);

  const nda = page.getByRole('article', { name: 'Mutual Non-Disclosure Agreement' });
  await nda.getByRole('button', { name: 'Process for Mutual Non-Disclosure Agreement' }).click();
  await page.getByRole('menuitem', { name: 'Upload' }).click();
  await expect(page.getByText('Process set to upload.')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await nda.getByRole('button', { name: 'Upload document' }).click();
  await (await chooser).setFiles({
    name: 'Signed NDA.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  await expect(page.getByText('File uploaded.')).toBeVisible();
  await expect(nda.getByText('Signed NDA.pdf').first()).toBeVisible();
  await expect(nda.getByText('Uploaded', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Task' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Task' }).click();
  await expect(page.getByLabel('Task status')).toHaveText('Completed');
});

test('Delete Task leaves for the workflows page after the last group, and the workflow can start again', async ({
  page,
}) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  await loginWithPassword(page, demo.email, demo.password);
  await page.getByRole('link', { name: 'Workflows' }).click();
  await page.getByRole('button', { name: 'Start Form an LLC' }).click();
  await expect(page).toHaveURL(/\/task-view$/);
  await page.goto(page.url().replace(/task-view$/, 'overview'));
  await page.getByRole('button', { name: 'Task menu' }).click();
  await page.getByRole('menuitem', { name: 'Delete Task' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Task' }).click();
  await expect(page.getByText('Task deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/c\/\d+\/workflows$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workflows');

  // Not repeatable, yet not stuck on an empty workflow: it starts afresh.
  await page.getByRole('button', { name: 'Start Form an LLC' }).click();
  await expect(page).toHaveURL(/\/task-view$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('LLC details');
});
