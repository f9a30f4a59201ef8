import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const screens = path.resolve(import.meta.dirname, '../artifacts/screens');

/** A full-page picture of where the journey stands (e2e/artifacts, not committed). */
export async function snap(page: Page, name: string) {
  fs.mkdirSync(screens, { recursive: true });
  await page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true });
}

/**
 * A password box by its label. Playwright reads Mantine's required mark into the label ("Password *"),
 * and the box is a textbox by role, so it is found by role and exact name.
 */
export const passwordBox = (page: Page, name = 'Password') =>
  page.getByRole('textbox', { name, exact: true });

export async function enterEmail(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
}

export async function loginWithPassword(page: Page, email: string, password: string) {
  await enterEmail(page, email);
  await passwordBox(page).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

/** Picks an option of a Mantine Select found by its label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}
