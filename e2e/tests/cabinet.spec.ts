import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import PizZip from 'pizzip';
import { dataDir } from '../playwright.config.ts';
import { demoAccountApi, openNewDemoWorkspace } from '../support/demo.ts';
import { resetLink, waitForMail } from '../support/mail.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

/** A real two-page PDF, so the preview has pages to draw. */
async function twoPagePdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ['Minutes, page one', 'Minutes, page two']) {
    pdf.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 18, font });
  }
  return Buffer.from(await pdf.save());
}

test('the file cabinet: a folder, uploads with progress, a PDF previewed page by page, a zip, a refusal and a delete', async ({
  page,
  request,
}) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  await loginWithPassword(page, demo.email, demo.password);
  await openNewDemoWorkspace(page, request, 'Cabinet Ventures');
  await page.getByRole('link', { name: 'File Cabinet', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'File Cabinet' })).toBeVisible();

  await page.getByRole('button', { name: 'New Folder' }).click();
  await page.getByRole('dialog').getByLabel('Folder name').fill('Board Minutes');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  const listing = page.getByRole('table', { name: 'Folder contents' });
  await listing.getByRole('button', { name: 'Board Minutes', exact: true }).click();
  await expect(page).toHaveURL(/path=\/Board%20Minutes|path=\/Board Minutes/);
  await expect(page.getByText('This folder is empty.')).toBeVisible();

  await page.getByLabel('Files to upload').setInputFiles([
    { name: 'March minutes.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() },
    { name: 'Agenda.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Budget\n2. Hiring\n') },
  ]);
  await expect(page.getByRole('progressbar', { name: 'Upload progress of March minutes.pdf' })).toBeVisible();
  await expect(page.getByText('File uploaded.')).toBeVisible();
  await expect(listing.getByRole('button', { name: 'March minutes.pdf', exact: true })).toBeVisible();
  await expect(listing.getByRole('button', { name: 'Agenda.txt', exact: true })).toBeVisible();

  // A file whose bytes are not what its name says is refused.
  await page.getByLabel('Files to upload').setInputFiles([
    {
      name: 'Invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]),
    },
  ]);
  await expect(page.getByText("The file's contents do not match its extension.").first()).toBeVisible();
  await expect(listing.getByRole('button', { name: 'Invoice.pdf', exact: true })).toHaveCount(0);

  await listing.getByRole('button', { name: 'March minutes.pdf', exact: true }).click();
  await expect(page).toHaveURL(/\/cabinet\/-1\/\d+/);
  const preview = page.getByRole('dialog', { name: 'March minutes' });
  await expect(preview.getByLabel('Page 1')).toBeVisible({ timeout: 20_000 });
  await expect(preview.getByLabel('Page 2')).toBeAttached();
  await expect(preview.getByText('Page 1 of 2')).toBeVisible();
  await preview.getByRole('button', { name: 'Next page' }).click();
  await expect(preview.getByText('Page 2 of 2')).toBeVisible();
  await expect(preview.getByLabel('Page 2')).toBeInViewport();
  await snap(page, 'cabinet-preview');
  await page.keyboard.press('Escape');

  await listing.getByLabel('Select March minutes.pdf').check();
  await listing.getByLabel('Select Agenda.txt').check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('Documents.zip');

  await listing.getByRole('button', { name: 'Actions for Agenda.txt', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(listing.getByRole('button', { name: 'Agenda.txt', exact: true })).toHaveCount(0);
  await snap(page, 'cabinet-folder');
});

test('the file cabinet: search, Move to a picked folder, bulk move and delete; no cabinet actions without access', async ({
  page,
  request,
  browser,
}) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  await loginWithPassword(page, demo.email, demo.password);
  const accountId = await openNewDemoWorkspace(page, request, 'Cabinet Search');
  await page.getByRole('link', { name: 'File Cabinet', exact: true }).click();
  const listing = page.getByRole('table', { name: 'Folder contents' });
  for (const name of ['Inbox', 'Archive']) {
    await page.getByRole('button', { name: 'New Folder' }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect(listing.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await listing.getByRole('button', { name: 'Inbox', exact: true }).click();
  await page.getByLabel('Files to upload').setInputFiles([
    { name: 'Lease 2026.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() },
    { name: 'Lease notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Rent is due monthly.\n') },
    { name: 'Budget.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Rent\n') },
  ]);
  await expect(listing.getByRole('button', { name: 'Budget.txt', exact: true })).toBeVisible();

  // Search asks the server for the whole cabinet and says where each file is.
  await page.getByRole('button', { name: 'File Cabinet', exact: true }).click();
  await page.getByRole('textbox', { name: 'Search the file cabinet' }).fill('lease');
  await expect(listing.getByRole('button', { name: 'Lease 2026.pdf', exact: true })).toBeVisible();
  await expect(listing.getByRole('button', { name: 'Lease notes.txt', exact: true })).toBeVisible();
  await expect(listing.getByRole('button', { name: 'Budget.txt', exact: true })).toHaveCount(0);
  await expect(listing.getByText('in /Inbox')).toHaveCount(2);
  await snap(page, 'cabinet-search');

  // Both found files move together to a folder picked in the cabinet.
  await listing.getByLabel('Select all files').check();
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Move 2 files' });
  await picker.getByRole('navigation', { name: 'Folders' }).getByText('Archive', { exact: true }).click();
  await expect(picker.getByRole('button', { name: 'Archive', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await snap(page, 'cabinet-move-picker');
  await picker.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByText('Files moved.')).toBeVisible();
  await expect(listing.getByText('in /Archive')).toHaveCount(2);

  // One file moves from its menu.
  await page.getByRole('textbox', { name: 'Search the file cabinet' }).fill('');
  await listing.getByRole('button', { name: 'Inbox', exact: true }).click();
  await listing.getByRole('button', { name: 'Actions for Budget.txt', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Move' }).click();
  const single = page.getByRole('dialog', { name: 'Move Budget.txt' });
  await single.getByRole('button', { name: 'File Cabinet', exact: true }).click();
  await single.getByRole('navigation', { name: 'Folders' }).getByText('Archive', { exact: true }).click();
  await single.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByText('This folder is empty.')).toBeVisible();

  // The Archive's three files are deleted together, after one confirmation.
  await page.getByRole('button', { name: 'File Cabinet', exact: true }).click();
  await listing.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(listing.getByRole('button', { name: 'Budget.txt', exact: true })).toBeVisible();
  await listing.getByLabel('Select all files').check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Files' });
  await expect(confirm).toContainText('3 files');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Files deleted.')).toBeVisible();
  await expect(page.getByText('This folder is empty.')).toBeVisible();

  // A member without the file cabinet, following a link to it, is offered none of its actions.
  const api = await demoAccountApi(request, accountId);
  const email = `no-cabinet-${randomUUID().slice(0, 8)}@example.com`;
  await api.post('/api/account/admin/add_user', {
    email,
    first_name: 'Nora',
    family_name: 'Member',
    filecabinet_access: false,
  });
  const code = new URL(resetLink(await waitForMail(email))).pathname.split('/').at(-1) as string;
  const password = 'a long member password';
  const reset = await request.post('/api/public/user/password/reset/', { data: { code, password } });
  expect(reset.status(), await reset.text()).toBeLessThan(300);
  const context = await browser.newContext();
  const member = await context.newPage();
  await loginWithPassword(member, email, password);
  await expect(member).toHaveURL(new RegExp(`/c/${accountId}/`));
  await member.goto(`/c/${accountId}/cabinet`);
  await expect(member.getByText('You do not have access to the file cabinet.')).toBeVisible();
  await expect(member.getByRole('heading', { name: 'File Cabinet' })).toBeVisible();
  for (const name of ['Upload', 'New Folder', 'Move', 'Delete', 'Download']) {
    await expect(member.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(member.getByRole('link', { name: 'File Cabinet', exact: true })).toHaveCount(0);
  await snap(member, 'cabinet-no-access');
  await context.close();
});

/** A Word file with two tokens, built the way Word lays them out. */
function wordTemplate() {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      '<w:p><w:r><w:t xml:space="preserve">Agreement with {counterparty}, signed by {signer}.</w:t></w:r></w:p></w:body></w:document>',
  );
  return Buffer.from(zip.generate({ type: 'uint8array' }));
}

test('a task in Custom mode is filled from a Word file of the cabinet', async ({ page, request }) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  await loginWithPassword(page, demo.email, demo.password);
  await openNewDemoWorkspace(page, request, 'Cabinet Ventures');
  await page.getByRole('link', { name: 'File Cabinet', exact: true }).click();
  await page.getByLabel('Files to upload').setInputFiles([
    {
      name: 'NDA template.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: wordTemplate(),
    },
  ]);
  await expect(page.getByText('File uploaded.')).toBeVisible();

  await page.getByRole('link', { name: 'Workflows' }).click();
  await page.getByRole('tab', { name: 'Customers & Partners' }).click();
  await page.getByRole('button', { name: 'Start Mutual NDA' }).click();
  await page.getByLabel("Your signer's name", { exact: true }).fill('Dana Demo');
  await page.getByLabel("Your signer's email", { exact: true }).fill('dana@demo.example');
  await page.getByLabel("Other party's legal name", { exact: true }).fill('Initech LLC');
  await page.getByLabel("Other party's signer name", { exact: true }).fill('Peter Gibbons');
  await page.getByLabel("Other party's signer email", { exact: true }).fill('peter@initech.example');
  await page.getByLabel('Purpose of the disclosure', { exact: true }).fill('Consulting');
  await page.getByLabel('Effective date', { exact: true }).fill('05/01/2026');
  await page.getByLabel('Effective date', { exact: true }).blur();
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page).toHaveURL(/\/overview$/);

  const nda = page.getByRole('article', { name: 'Mutual Non-Disclosure Agreement' });
  await nda.getByRole('button', { name: 'Process for Mutual Non-Disclosure Agreement' }).click();
  await page.getByRole('menuitem', { name: 'Custom' }).click();
  await expect(page.getByText('Process set to custom document.')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Task' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Task' }).click();
  await expect(page.getByText("- Make sure you've picked a Custom Document folder and file")).toBeVisible();

  await nda.getByRole('combobox', { name: 'Word document' }).click();
  await page.getByRole('option', { name: '/NDA template.docx' }).click();
  await expect(nda.getByText('Ready')).toBeVisible();
  await expect(nda.getByLabel('counterparty')).toHaveValue('Initech LLC');
  // Saved as the box is left, like the questionnaire's answers, with the values already there.
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/account/custom_document/') && r.request().method() === 'PUT',
  );
  await nda.getByLabel('signer').fill('Bill Lumbergh');
  await nda.getByLabel('signer').blur();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({
    fields: { counterparty: 'Initech LLC', signer: 'Bill Lumbergh' },
  });
  await page.getByRole('button', { name: 'Submit Task' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Task' }).click();
  await expect(page.getByLabel('Task status')).toHaveText('Completed', { timeout: 30_000 });
  await expect(nda.getByText('Mutual Non-Disclosure Agreement.docx').first()).toBeVisible();

  // The filled Word file is previewed as PDF (LibreOffice on the server converts it once).
  await nda.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Mutual Non-Disclosure Agreement.docx' });
  await expect(preview.getByLabel('Page 1')).toBeVisible({ timeout: 30_000 });
  await snap(page, 'custom-docx-preview');
  const download = page.waitForEvent('download');
  await preview.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('Mutual Non-Disclosure Agreement.docx');
});
