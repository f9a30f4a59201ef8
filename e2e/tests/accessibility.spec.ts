import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { expectAccessible, expectNoSidewaysScroll, expectTitled } from '../support/a11y.ts';
import { loginWithPassword, passwordBox, snap } from '../support/ui.ts';

/**
 * Every main page passes axe-core (no serious or critical WCAG 2.1 AA violation), has one h1 and names
 * itself in the tab; at 390 px wide none scrolls sideways.
 */
const demo = () => JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));

async function visit(page: Page, link: string, heading: string) {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await expectTitled(page, heading);
}

test('sign-in and registration pages', async ({ page }) => {
  // On the way to a page: the login banner of spec 1 §2.
  await page.goto('/c/1/documents');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByText('Before continuing, please login or register below')).toBeVisible();
  await expectTitled(page, 'Sign in');
  await expectAccessible(page, 'login');

  await page.goto('/register');
  await expectTitled(page, 'Create your account');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name required')).toBeVisible();
  await expectAccessible(page, 'register with errors');

  const email = `a11y-${randomUUID().slice(0, 8)}@example.com`;
  await page.getByLabel('First Name').fill('Ally');
  await page.getByLabel('Last Name').fill('Access');
  await page.getByLabel('Email').fill(email);
  await passwordBox(page).fill('accessible password 1');
  await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/register\/confirm-email$/);
  await expectTitled(page, 'Confirm your email');
  await expectAccessible(page, 'confirm email');

  // Back to Registration keeps the session and what was typed.
  await page.getByRole('button', { name: 'Back to Registration' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(page.getByText(`You are signed in as ${email}`)).toBeVisible();
  await page.getByRole('link', { name: 'enter the code' }).click();
  await expect(page).toHaveURL(/\/register\/confirm-email$/);
});

test('workspace pages and the preview', async ({ page }) => {
  const { email, password } = demo();
  await loginWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/c\/\d+\/home$/);
  await expectTitled(page, 'Home');
  await expectAccessible(page, 'home');

  // The keyboard's first stop skips the sidebar and the top bar.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAttribute('aria-haspopup', 'dialog');

  await visit(page, 'Workflows', 'Workflows');
  await expectAccessible(page, 'workflows');
  await visit(page, 'Tasks', 'Tasks');
  await expectAccessible(page, 'tasks');
  await visit(page, 'Documents', 'Documents');
  await expect(page.getByRole('table', { name: 'Documents' }).locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('slider', { name: 'From date' })).toHaveAttribute('aria-valuetext', /\d/);
  await expectAccessible(page, 'documents');
  await page.getByRole('button', { name: 'Mutual NDA with Globex.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'Mutual NDA with Globex' });
  await expect(preview.getByLabel('Page 1')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'document preview');
  await preview.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText('Starting Download.')).toBeVisible();
  await page.keyboard.press('Escape');
  await visit(page, 'File Cabinet', 'File Cabinet');
  await expectAccessible(page, 'cabinet');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'View User Profile' }).click();
  await expectTitled(page, 'User Profile');
  await expectAccessible(page, 'profile');
  await page.getByRole('button', { name: /^Workspace: / }).click();
  await page.getByRole('menuitem', { name: 'View Your Workspaces' }).click();
  await expectTitled(page, 'Workspaces');
  await expectAccessible(page, 'workspaces');
});

test('the workbench: a questionnaire with its errors, then its overview', async ({ page }) => {
  const { email, password } = demo();
  await loginWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/c\/\d+\/home$/);
  // The questionnaire, with its errors shown, then a resource added: the form focuses its first box.
  await visit(page, 'Workflows', 'Workflows');
  await page.getByRole('tab', { name: 'Financing' }).click();
  await page.getByRole('button', { name: 'Start SAFE Financing' }).click();
  await expect(page).toHaveURL(/\/task-view$/);
  await expectTitled(page, 'Round terms');
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page.getByText('Fill out all required fields before continuing.')).toBeVisible();
  await expectAccessible(page, 'questionnaire with errors');
  await page.getByLabel('New Investors name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const investor = page.getByLabel('Investors 1', { exact: true });
  await expect(investor.getByLabel('Email', { exact: true })).toBeFocused();
  await snap(page, 'a11y-questionnaire');

  await page.goto(page.url().replace(/task-view$/, 'overview'));
  await expectTitled(page, 'Round terms');
  await expectAccessible(page, 'task overview');
});

test('at 390 px wide no page scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { email, password } = demo();
  await loginWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/c\/\d+\/home$/);
  const home = new URL(page.url()).pathname;
  const user = page.getByRole('button', { name: 'User menu' });
  for (const [section, heading] of [
    ['home', 'Home'],
    ['workflows', 'Workflows'],
    ['tasks', 'Tasks'],
    ['documents', 'Documents'],
    ['cabinet', 'File Cabinet'],
    ['settings/profile', 'Workspace Settings'],
    ['settings/members', 'Workspace Settings'],
    ['user-settings/profile', 'User Profile'],
  ]) {
    await page.goto(home.replace(/home$/, section));
    await expectTitled(page, heading);
    if (section === 'documents')
      await expect(page.getByRole('img', { name: 'First page' }).first()).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(page, section);
    // The top bar's last action stays on screen.
    await expect(user).toBeInViewport({ ratio: 1 });
  }
  await snap(page, 'narrow-profile');

  await page.goto(home.replace(/home$/, 'documents'));
  await page.getByRole('button', { name: 'Mutual NDA with Globex.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'Mutual NDA with Globex' });
  await expect(preview.getByLabel('Page 1')).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByLabel('Page 1')).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page, 'preview');
  await snap(page, 'narrow-preview');
  await page.keyboard.press('Escape');

  // A task overview whose card holds a document with a long name.
  await page.goto(home.replace(/home$/, 'workflows#customers-partners'));
  await page.getByRole('button', { name: 'Start Mutual NDA' }).click();
  await expect(page).toHaveURL(/\/task-view$/);
  await page.goto(page.url().replace(/task-view$/, 'overview'));
  const nda = page.getByRole('article', { name: 'Mutual Non-Disclosure Agreement' });
  await nda.getByRole('button', { name: 'Process for Mutual Non-Disclosure Agreement' }).click();
  await page.getByRole('menuitem', { name: 'Upload' }).click();
  const chooser = page.waitForEvent('filechooser');
  await nda.getByRole('button', { name: 'Upload document' }).click();
  await (await chooser).setFiles({
    name: 'Signed Mutual Non-Disclosure Agreement with Globex Corporation.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  await expect(nda.getByText('Uploaded', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, 'task overview');
  await snap(page, 'narrow-overview');
});
