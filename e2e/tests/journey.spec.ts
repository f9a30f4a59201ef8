import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { confirmationCode, readMail, verificationLink, waitForMail } from '../support/mail.ts';
import { choose, loginWithPassword, logout, snap } from '../support/ui.ts';

/**
 * The newcomer's journey: register with a workspace, confirm the email with the code from the outbox,
 * land in the workspace, sign out and in with a password, then with an emailed link, add a second
 * workspace and switch between the two.
 */
test.describe
  .serial('onboarding journey', () => {
    const email = `journey-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'a journey password';
    let firstHome = '';

    test('register with a workspace and confirm the email', async ({ page }) => {
      await page.goto('/register');
      await page.getByLabel('First Name').fill('Jane');
      await page.getByLabel('Last Name').fill('Journey');
      await page.getByLabel('Email').fill(email);
      await page.locator('input[type=password]').fill(password);
      await page.getByRole('switch', { name: 'Add Workspace' }).check();
      await page.getByLabel('Company Name').fill('Journey Labs');
      await choose(page, 'Business Purpose', 'For-profit Company');
      await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('Select a suffix')).toBeVisible();
      await snap(page, '01-register-suffix-error');

      await page.getByLabel('Company Name').fill('Journey Labs, Inc.');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/register\/confirm-email/);
      await snap(page, '02-confirm-email');

      const digits = page.getByRole('group', { name: 'Confirmation code' }).locator('input');
      await digits.first().click();
      await page.keyboard.type('000000');
      await expect(page.getByText("That code wasn't valid. Double Check and try again.")).toBeVisible();

      const code = confirmationCode(await waitForMail(email));
      expect(code).toMatch(/^\d{6}$/);
      await digits.first().click();
      for (let i = 0; i < 6; i++) await digits.nth(i).fill('');
      await digits.first().click();
      await page.keyboard.type(code);
      await expect(page).toHaveURL(/\/c\/\d+\/home/, { timeout: 15_000 });
      await expect(page.getByText('Journey Labs, Inc.').first()).toBeVisible();
      firstHome = new URL(page.url()).pathname;
      await snap(page, '03-workspace-home');
    });

    test('log out, then log in with the password', async ({ page }) => {
      await loginWithPassword(page, email, password);
      await expect(page).toHaveURL(new RegExp(`${firstHome}$`));
      await snap(page, '04-home-after-password-login');
      await logout(page);
      await snap(page, '05-logged-out');
    });

    test('log in by email link', async ({ page, baseURL }) => {
      const before = readMail(email).length;
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Login By Email Link' }).click();
      await page.getByRole('button', { name: 'Send Email Link' }).click();
      await expect(page).toHaveURL(/\/verify-code\/magic-link/);
      await snap(page, '06-verify-code');

      const link = verificationLink(await waitForMail(email, before + 1));
      expect(link).toContain('/verify/magic-link/');
      await page.goto(new URL(new URL(link).pathname, baseURL).toString());
      await expect(page).toHaveURL(new RegExp(`${firstHome}$`), { timeout: 15_000 });
      await snap(page, '07-home-after-link');
    });

    test('add a second workspace and switch between them', async ({ page }) => {
      await loginWithPassword(page, email, password);
      await expect(page).toHaveURL(new RegExp(`${firstHome}$`));
      await page.getByRole('button', { name: /^Workspace:/ }).click();
      await page.getByRole('menuitem', { name: 'View Your Workspaces' }).click();
      await expect(page).toHaveURL(/\/company-select/);
      await snap(page, '08-workspaces');

      await page.getByRole('button', { name: 'Add Workspace' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByLabel('Company Name').fill('Second Venture LLC');
      await choose(page, 'Business Purpose', 'Investment Vehicle');
      await snap(page, '09-new-workspace');
      await modal.getByRole('button', { name: 'Submit' }).click();
      await expect(
        page.getByText('Company Added! Please wait a few seconds as we set everything up.'),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/c\/\d+\/home/, { timeout: 15_000 });
      await expect(page).not.toHaveURL(new RegExp(`${firstHome}$`));
      await expect(page.getByText('Second Venture LLC').first()).toBeVisible();
      await snap(page, '10-second-workspace');

      await page.getByRole('button', { name: /^Workspace:/ }).click();
      await page.getByRole('menuitem', { name: 'Journey Labs, Inc.' }).click();
      await expect(page).toHaveURL(new RegExp(`${firstHome}$`));
      await expect(page.getByRole('button', { name: 'Workspace: Journey Labs, Inc.' })).toBeVisible();
      await snap(page, '11-switched-back');
    });
  });
