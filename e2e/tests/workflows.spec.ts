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
