import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

/** Moves a slider thumb by whole steps (a day each) with the keyboard. */
async function nudge(thumb: Locator, key: 'ArrowLeft' | 'ArrowRight', steps: number) {
  await thumb.focus();
  for (let i = 0; i < steps; i++) await thumb.press(key);
}

test('the documents page: thumbnails, oldest first, filtered by a date range, previewed', async ({
  page,
}) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  await loginWithPassword(page, demo.email, demo.password);
  await page.getByRole('link', { name: 'Documents', exact: true }).click();
  const documents = page.getByRole('table', { name: 'Documents' });
  const rows = documents.locator('tbody tr');

  // The demo's earlier documents (120, 75, 40 and 12 days ago) come first, oldest first.
  await page.getByRole('combobox', { name: 'Sort documents' }).click();
  await page.getByRole('option', { name: 'Oldest first' }).click();
  await expect(rows.first()).toContainText('Office Lease.pdf');
  await expect(rows.first()).toContainText('Uploaded');
  await expect(rows.nth(1)).toContainText('Series Seed Term Sheet.pdf');
  await expect(rows.first().getByRole('img', { name: 'First page' })).toBeVisible({ timeout: 20_000 });

  // From 70 days ago: the lease and the term sheet drop out.
  const [from, to] = [
    page.getByRole('slider', { name: 'From date' }),
    page.getByRole('slider', { name: 'To date' }),
  ];
  await nudge(from, 'ArrowRight', 50);
  await expect(documents.getByText('Office Lease.pdf')).toHaveCount(0);
  await expect(documents.getByText('Series Seed Term Sheet.pdf')).toHaveCount(0);
  await expect(rows.first()).toContainText('Mutual NDA with Globex.pdf');
  // ... to 20 days before the newest document: the NDA alone.
  await nudge(to, 'ArrowLeft', 20);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Mutual NDA with Globex.pdf');
  await snap(page, 'documents-date-range');

  await rows.first().getByRole('button', { name: 'Mutual NDA with Globex.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'Mutual NDA with Globex' });
  await expect(preview.getByLabel('Page 1')).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');

  // Back to every date.
  await nudge(to, 'ArrowRight', 20);
  await nudge(from, 'ArrowLeft', 50);
  await expect(rows.first()).toContainText('Office Lease.pdf');
});
