import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { dataDir } from '../playwright.config.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

const demo = () => JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));

async function longPdf(pages: number) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    pdf.addPage([612, 792]).drawText(`Annual report, page ${n}`, { x: 72, y: 700, size: 18, font });
  }
  return Buffer.from(await pdf.save());
}

/** Scrolls the nearest scrolling ancestor of `inner` to its end. */
const scrollToEnd = (inner: Locator) =>
  inner.evaluate((element) => {
    let box = element.parentElement;
    while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement;
    box?.scrollTo({ top: box.scrollHeight });
  });

test('the documents page draws every thumbnail and a preview on one pdf.js worker', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await loginWithPassword(page, demo().email, demo().password);
  await page.getByRole('link', { name: 'Documents', exact: true }).click();
  await page.getByRole('combobox', { name: 'Sort documents' }).click();
  await page.getByRole('option', { name: 'Oldest first' }).click();
  // The demo's four earlier documents come first, each with its first page.
  const rows = page.getByRole('table', { name: 'Documents' }).locator('tbody tr');
  for (let i = 0; i < 4; i++) {
    await expect(rows.nth(i).getByRole('img', { name: 'First page' })).toBeVisible({ timeout: 30_000 });
  }
  await rows.nth(1).getByRole('button', { name: 'Series Seed Term Sheet.pdf' }).click();
  await expect(page.getByRole('dialog').getByLabel('Page 1')).toBeVisible({ timeout: 30_000 });
  await snap(page, 'documents-thumbnails-preview');
  expect(workers.filter((url) => url.includes('pdf.worker'))).toHaveLength(1);
});

test('a 30-page PDF previews the pages in view first, the others as they scroll in', async ({ page }) => {
  await loginWithPassword(page, demo().email, demo().password);
  await page.getByRole('link', { name: 'File Cabinet', exact: true }).click();
  await page
    .getByLabel('Files to upload')
    .setInputFiles([{ name: 'Annual report.pdf', mimeType: 'application/pdf', buffer: await longPdf(30) }]);
  const listing = page.getByRole('table', { name: 'Folder contents' });
  await listing.getByRole('button', { name: 'Annual report.pdf', exact: true }).click();

  const preview = page.getByRole('dialog', { name: 'Annual report' });
  const pages = preview.getByRole('group', { name: 'Document pages' });
  await expect(pages.getByLabel('Page 1', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByText('Page 1 of 30')).toBeVisible();
  // The first page fills the view; only it and the next are drawn, the other 28 are not even there.
  await expect(pages.locator('canvas')).toHaveCount(2);
  await expect(pages.getByLabel('Page 30', { exact: true })).toHaveCount(0);
  await snap(page, 'long-pdf-preview');

  await scrollToEnd(pages);
  await expect(pages.getByLabel('Page 30', { exact: true })).toBeInViewport();
  await expect(pages.getByLabel('Page 1', { exact: true })).toHaveCount(0);
  expect(await pages.locator('canvas').count()).toBeLessThanOrEqual(3);
  // The last page is drawn, not a blank placeholder: its canvas holds the page at the screen's density.
  const last = pages.getByLabel('Page 30', { exact: true });
  await expect
    .poll(() => last.evaluate((canvas) => (canvas as { width: number }).width))
    .toBeGreaterThan(600);
});
