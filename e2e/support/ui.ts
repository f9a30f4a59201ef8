import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const screens = path.resolve(import.meta.dirname, '../artifacts/screens');

/** A full-page picture of where the journey stands (e2e/artifacts, not committed). */
export async function snap(page: Page, name: string) {
  fs.mkdirSync(screens, { recursive: true });
  await page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true });
}

export async function loginWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('input[type=password]').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Picks an option of a Mantine Select found by its label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}
