import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { loginWithPassword } from '../support/ui.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/uploads-${name}.png`, fullPage: true });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const QUESTION = 'Earlier draft or term sheet';

/** Picks a file through the document question's Upload (or Replace) button. */
async function upload(page: Page, button: string, name: string, buffer = PDF) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `${button}: ${QUESTION}` }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer });
}

async function startNda(page: Page) {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  await loginWithPassword(page, demo.email, demo.password);
  await page.getByRole('link', { name: 'Workflows' }).click();
  await page.getByRole('tab', { name: 'Customers & Partners' }).click();
  await page.getByRole('button', { name: 'Start Mutual NDA' }).click();
  await expect(page).toHaveURL(/\/task-view$/);
}

test('a workspace document question is answered by an upload kept in the cabinet', async ({ page }) => {
  await startNda(page);
  await upload(page, 'Upload file', 'notes.png', Buffer.from('89504e470d0a1a0a', 'hex'));
  await expect(
    page.getByText('Unable to upload file type. Please choose one of the following types:', { exact: false }),
  ).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/flat_feature') && r.ok());
  await upload(page, 'Upload file', 'Term sheet.pdf');
  await saved;
  await expect(page.getByText('File uploaded.').first()).toBeVisible();
  const group = page.getByRole('group', { name: QUESTION });
  await expect(group.getByText('Term sheet.pdf')).toBeVisible();
  await expect(group.getByRole('button', { name: 'Open' })).toBeVisible();
  await shot(page, 'workspace-question');
  await page.reload();
  await expect(page.getByRole('group', { name: QUESTION }).getByText('Term sheet.pdf')).toBeVisible();
});

test('an outside form document question is filled anonymously with an upload, kept across a reload', async ({
  page,
  browser,
}) => {
  await startNda(page);
  await page.goto(page.url().replace(/task-view$/, 'overview'));
  await page.getByRole('button', { name: 'Task menu' }).click();
  await page.getByRole('menuitem', { name: 'Share Form' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Draft please');
  await page.getByRole('button', { name: 'Share Form' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create Shared Form' }).click();
  await expect(page.getByText('Shared Form generated.').first()).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Form link' }).inputValue();

  const context = await browser.newContext();
  const form = await context.newPage();
  await form.goto(link);
  await expect(form.getByRole('heading', { name: 'Draft please' })).toBeVisible();
  const saved = form.waitForResponse((r) => r.url().endsWith('/api/unlisted/flat_feature') && r.ok());
  await upload(form, 'Upload file', 'Globex draft.pdf');
  await saved;
  await expect(form.getByText('File uploaded.')).toBeVisible();
  await form.reload();
  const group = form.getByRole('group', { name: QUESTION });
  await expect(group.getByText('Globex draft.pdf')).toBeVisible();
  await shot(form, 'outside-form-question');

  await form.getByLabel("Your signer's name", { exact: true }).fill('Dana Demo');
  await form.getByLabel("Your signer's email", { exact: true }).fill('dana@demo.example');
  await form.getByLabel("Other party's legal name", { exact: true }).fill('Globex Corporation');
  await form.getByLabel("Other party's signer name", { exact: true }).fill('Hank Scorpio');
  await form.getByLabel("Other party's signer email", { exact: true }).fill('legal@globex.example');
  await form.getByLabel('Purpose of the disclosure', { exact: true }).fill('A pilot project');
  await form.getByLabel('Effective date', { exact: true }).fill('04/01/2026');
  await form.getByLabel('Effective date', { exact: true }).blur();
  await form.waitForTimeout(1500);
  await form.getByRole('button', { name: 'Submit' }).click();
  // Right after Submit, a success (the spec's "already been completed" message is for a later visit).
  await expect(form.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await context.close();
});
