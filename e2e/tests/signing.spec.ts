import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { dataDir } from '../playwright.config.ts';
import { expectNoSidewaysScroll } from '../support/a11y.ts';
import { openNewDemoWorkspace } from '../support/demo.ts';
import { onBaseURL, waitForMail } from '../support/mail.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

const demo = () => JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
const signingLink = (text: string) => text.match(/https?:\/\/\S+\/sign\/[A-Za-z0-9_-]+/)?.[0] ?? '';

/** Draws a stroke across a signature pad with the mouse. */
async function drawOn(page: Page) {
  const pad = page.getByLabel(/Draw your signature here/);
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 20 + i * 18, box.y + box.height * (0.6 + 0.25 * Math.sin(i)), { steps: 3 });
  }
  await page.mouse.up();
}

/** A recipient opens their emailed link in a browser of their own, consents, signs and finishes. */
async function signFromEmail(
  browser: Browser,
  email: string,
  baseURL: string | undefined,
  viewport: { width: number; height: number },
  options = { date: true },
) {
  const mail = await waitForMail(email);
  const link = onBaseURL(signingLink(mail.text), baseURL);
  const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500 });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Consent to do business electronically' })).toBeVisible();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page
    .getByRole('button', { name: /^Signature \(required\)/ })
    .first()
    .click();
  await drawOn(page);
  await page.getByRole('button', { name: 'Adopt and sign' }).click();
  if (options.date)
    await page
      .getByRole('button', { name: /^Date signed \(required\)/ })
      .first()
      .click();
  if (viewport.width < 500) await expectNoSidewaysScroll(page, 'signing page on a phone');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText(/^You signed /)).toBeVisible();
  await snap(page, `signed-${viewport.width}`);
  return { context, page, link };
}

test('both parties sign a generated NDA from their emails; the owner sees it completed live; /verify accepts it', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const run = Date.now().toString(36);
  const ours = { name: 'Dana Demo', email: `dana-${run}@demo.example` };
  const theirs = { name: 'Zoë Dvořák-Łukasiewicz', email: `zoe-${run}@globex.example` };
  await loginWithPassword(page, demo().email, demo().password);
  await openNewDemoWorkspace(page, request, 'Signing Ventures');
  await page.getByRole('link', { name: 'Workflows' }).click();
  await page.getByRole('tab', { name: 'Customers & Partners' }).click();
  await page.getByRole('button', { name: 'Start Mutual NDA' }).click();
  await expect(page).toHaveURL(/\/task-view$/);
  await page.getByLabel("Your signer's name", { exact: true }).fill(ours.name);
  await page.getByLabel("Your signer's email", { exact: true }).fill(ours.email);
  await page.getByLabel("Other party's legal name", { exact: true }).fill('Globex Corporation');
  await page.getByLabel("Other party's legal name", { exact: true }).blur();
  await page.getByLabel("Other party's signer name", { exact: true }).fill(theirs.name);
  await page.getByLabel("Other party's signer email", { exact: true }).fill(theirs.email);
  await page.getByLabel('Purpose of the disclosure', { exact: true }).fill('A pilot project');
  await page.getByLabel('Effective date', { exact: true }).fill('04/01/2026');
  await page.getByLabel('Effective date', { exact: true }).blur();
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole('button', { name: 'Submit Task' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Send documents for signature as soon as they are ready')).toBeChecked();
  await dialog.getByRole('button', { name: 'Submit Task' }).click();
  await expect(page.getByLabel('Task status')).toHaveText('Awaiting Signature', { timeout: 30_000 });

  // Each signer in a browser of their own; the other party on a phone.
  const first = await signFromEmail(browser, ours.email, baseURL, { width: 1280, height: 800 });
  const second = await signFromEmail(browser, theirs.email, baseURL, { width: 375, height: 740 });

  // The owner's page turns to Completed by itself once the document is sealed.
  await expect(page.getByLabel('Task status')).toHaveText('Completed', { timeout: 45_000 });
  await snap(page, 'signing-owner-completed');

  // The sealed PDF: its certificate page names both signers exactly, and /verify accepts it.
  const final = await second.page.request.get(
    `${second.link.replace('/sign/', '/api/public/sign/')}/document`,
  );
  expect(final.ok()).toBe(true);
  const sealed = await final.body();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'charter-e2e-')), 'sealed.pdf');
  fs.writeFileSync(file, sealed);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Signing certificate');
  expect(text).toContain(theirs.name);
  expect(text).toContain(ours.email);

  // The owner's preview opens the sealed file: every page of it, the certificate's included.
  const pageCount = (await PDFDocument.load(sealed)).getPageCount();
  await page
    .getByRole('article', { name: 'Mutual Non-Disclosure Agreement' })
    .getByRole('button', { name: 'Preview', exact: true })
    .click();
  await expect(page.getByRole('dialog').getByText(`Page 1 of ${pageCount}`)).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');

  const verify = await browser.newPage();
  await verify.goto(new URL('/verify', baseURL).toString());
  await verify
    .getByLabel('PDF to verify')
    .setInputFiles({ name: 'sealed.pdf', mimeType: 'application/pdf', buffer: sealed });
  await expect(verify.getByRole('status')).toContainText('Verified');
  await expect(verify.getByRole('status')).toContainText(theirs.name);
  await snap(verify, 'verify-sealed');
  await verify.getByLabel('PDF to verify').setInputFiles({
    name: 'changed.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([sealed, Buffer.from('\n% changed\n')]),
  });
  await expect(verify.getByRole('status')).toContainText('Not verified');
  await Promise.all([first.context.close(), second.context.close(), verify.close()]);
});

test('fields placed by hand on an uploaded PDF are signed, and the owner sees it completed live', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const signer = { name: 'Sam Signer', email: `sam-${Date.now().toString(36)}@example.com` };
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText('Office lease: signed below.', { x: 72, y: 700, size: 16, font });
  const lease = Buffer.from(await pdf.save());

  await loginWithPassword(page, demo().email, demo().password);
  await openNewDemoWorkspace(page, request, 'Signing Ventures');
  await page.getByRole('link', { name: 'File Cabinet', exact: true }).click();
  await page
    .getByLabel('Files to upload')
    .setInputFiles([{ name: 'Lease.pdf', mimeType: 'application/pdf', buffer: lease }]);
  await expect(page.getByText('File uploaded.')).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Lease.pdf' }).click();
  await page.getByRole('menuitem', { name: 'Send for signature' }).click();
  await expect(page).toHaveURL(/\/documents\/\d+\/sign$/);

  await page.getByLabel('Name', { exact: true }).fill(signer.name);
  await page.getByLabel('Email', { exact: true }).fill(signer.email);
  await page.getByRole('button', { name: 'Add Recipient' }).click();
  await expect(page.getByRole('table', { name: 'Recipients' })).toContainText(signer.name);
  // The only signer is the one fields are placed for.
  await expect(page.getByRole('combobox', { name: 'Fields for' })).toHaveValue(signer.name);
  await page.getByRole('group', { name: 'Field kind' }).getByRole('button', { name: 'Signature' }).click();
  const sheet = page.getByRole('group', { name: 'Page 1' });
  await sheet.scrollIntoViewIfNeeded();
  await expect(sheet.locator('img')).toHaveCount(1);
  const box = await sheet.boundingBox();
  if (!box) throw new Error('no page');
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.7);
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await snap(page, 'signing-editor-placed');
  await page.getByRole('button', { name: 'Send for Signature' }).click();
  await expect(page.getByText('Link Sent').first()).toBeVisible();
  // The home page lists it among the documents requiring signature (the demo user is an admin).
  const home = await page.context().newPage();
  await home.goto(page.url().replace(/\/documents\/\d+\/sign$/, '/home'));
  const waiting = home
    .getByRole('region', { name: 'Documents Requiring Signature' })
    .or(home.getByLabel('Documents Requiring Signature'));
  await expect(waiting.first()).toContainText('Lease');
  await home.close();

  const signed = await signFromEmail(
    browser,
    signer.email,
    baseURL,
    { width: 1280, height: 800 },
    { date: false },
  );
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible({ timeout: 45_000 });
  await signed.context.close();

  // Sealed, the owner's page shows the sealed file (its page and the certificate's), not field boxes.
  await expect(page.getByRole('heading', { name: 'Signed document' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('group', { name: 'Page 2' })).toBeVisible();
  await expect(page.locator('[data-field-key]')).toHaveCount(0);
  // The history names whom the link went to.
  await expect(page.getByLabel('History').getByText(`Link sent to ${signer.name}`)).toBeVisible();
  await page.getByRole('group', { name: 'Page 1' }).scrollIntoViewIfNeeded();
  await snap(page, 'signing-owner-sealed');
  // The bell keeps it: the sender is told the document is signed.
  await page.getByRole('button', { name: /^Notifications: \d+ new$/ }).click();
  await expect(page.getByRole('button', { name: 'Unread: Lease is signed by everyone.' })).toBeVisible();
});
