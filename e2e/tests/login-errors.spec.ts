import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { onBaseURL, readMail, resetLink, waitForMail } from '../support/mail.ts';
import { enterEmail, loginWithPassword, passwordBox, snap } from '../support/ui.ts';

const FORGOT_MESSAGE =
  "If there's an account linked to this email address, you will receive reset instructions in your inbox.";

const shot = (page: Page, step: string) => snap(page, `login-errors-${step}`);
const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Set-up only (what is under test here is the login screen): a user with a workspace, made by the API.
 * Takes the `request` fixture, not page.request: that one shares the browser's cookies, so the new
 * session would send /login straight on to the workspace.
 */
async function registerUser(request: APIRequestContext, email: string, password: string) {
  const answer = await request.post('/api/authn/session/credentials', {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
    data: {
      email,
      password,
      first_name: 'Lee',
      family_name: 'Errors',
      create: true,
      tos: true,
      company: {
        company_name: 'Error Paths, Inc.',
        features: [{ feature_type_id: 881, value: 'For-profit Company' }],
      },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

test.describe('login errors and recovery', () => {
  test('a wrong password shows "Password is incorrect"', async ({ page, request }) => {
    const email = uniqueEmail('wrong-password');
    await registerUser(request, email, 'the right password');
    await loginWithPassword(page, email, 'not the right password');
    await expect(page.getByRole('alert')).toHaveText('Password is incorrect');
    await expect(page).toHaveURL(/\/login$/);
    await shot(page, '01-wrong-password');
  });

  test('an unknown email goes to registration with the email filled in', async ({ page }) => {
    const email = uniqueEmail('nobody');
    await enterEmail(page, email);
    await expect(page).toHaveURL(/\/register\?email=/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await shot(page, '02-unknown-email-register');
  });

  test('forgot password answers the same for anyone; the emailed link sets a new password', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('forgetful');
    const nobody = uniqueEmail('nobody');
    await registerUser(request, email, 'the first password');

    // Unknown address: the same answer, and no mail.
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(nobody);
    await page.getByRole('button', { name: 'Request Reset Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: FORGOT_MESSAGE })).toBeVisible();
    await shot(page, '03-forgot-unknown');

    // Known address, from the login screen's link (which carries the email over).
    await enterEmail(page, email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('button', { name: 'Request Reset Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: FORGOT_MESSAGE })).toBeVisible();
    await shot(page, '04-forgot-known');

    // Mail 1 is the registration's confirmation code; mail 2 the reset link.
    const link = resetLink(await waitForMail(email, 2));
    expect(link).toMatch(/\/reset-password\/\S+$/);
    expect(readMail(nobody)).toHaveLength(0);

    await page.goto(onBaseURL(link, baseURL));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await passwordBox(page, 'New Password').fill('the second password');
    await shot(page, '05-reset-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await shot(page, '06-after-reset');

    await loginWithPassword(page, email, 'the first password');
    await expect(page.getByRole('alert')).toHaveText('Password is incorrect');
    await loginWithPassword(page, email, 'the second password');
    // The link proved the address the account was registered with unproven: its owner is first asked
    // to keep or remove what that registration set up (account-takeover.spec.ts).
    await expect(page).toHaveURL(/\/c\/0\/account-review\?redirect=/);
    await page.getByRole('button', { name: 'Keep Error Paths, Inc.' }).click();
    await expect(page.getByText('Nothing is left to review.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/c\/\d+\/home$/);
    await expect(page.getByRole('button', { name: 'Workspace: Error Paths, Inc.' })).toBeVisible();
    await shot(page, '07-home-after-reset');
  });

  test('the demo user from the seed can log in', async ({ page }) => {
    const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as {
      email: string;
      password: string;
    };
    expect(demo.email).toBe('demo@charter.local');
    await loginWithPassword(page, demo.email, demo.password);
    await expect(page).toHaveURL(/\/c\/\d+\/home$/);
    await expect(page.getByRole('button', { name: 'Workspace: Demo Ventures, Inc.' })).toBeVisible();
    await expect(page.getByLabel('Welcome').getByText('Demo Ventures, Inc.')).toBeVisible();
    await shot(page, '08-demo-home');
  });

  test('an unknown path leads to the login page', async ({ page }) => {
    await page.goto('/nowhere');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await shot(page, '09-nowhere');
  });

  test('the partner hostname answers its own brand', async ({ request, baseURL }) => {
    const port = new URL(baseURL ?? '').port;
    const partner = await request.get('/api/public/brand', {
      headers: { host: `partner.localhost:${port}` },
    });
    expect(partner.ok()).toBe(true);
    expect(await partner.json()).toMatchObject({
      hostname: 'partner.localhost',
      display_name: 'Northwind Legal',
    });

    const standard = await request.get('/api/public/brand');
    expect((await standard.json()).display_name).not.toBe('Northwind Legal');
  });

  test('the partner hostname shows its brand in the browser', async ({ page, baseURL }) => {
    // Chromium resolves every *.localhost name to the loopback address, so no hosts file is needed.
    const partner = new URL(baseURL ?? '');
    partner.hostname = 'partner.localhost';
    await page.goto(new URL('/login', partner).toString());
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Northwind Legal LLP')).toBeVisible();
    await expect(page).toHaveTitle(/Northwind Legal/);
    await shot(page, '10-partner-login');
  });
});
