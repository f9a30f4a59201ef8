import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { waitForMail } from '../support/mail.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

const demo = () =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as {
    email: string;
    password: string;
  };

test('the demo user from the first start can sign in', async ({ page }) => {
  const { email, password } = demo();
  await loginWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/c\/\d+\/home/);
  await expect(page.getByText('Demo Ventures, Inc.').first()).toBeVisible();
});

test('a wrong password shows the spec message', async ({ page }) => {
  await loginWithPassword(page, demo().email, 'not the password');
  await expect(page.getByText('Password is incorrect')).toBeVisible();
  await snap(page, '20-wrong-password');
});

test('an unknown email goes to registration with the email filled in', async ({ page }) => {
  const email = `nobody-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/register/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('forgot password: the same message for anyone, and the emailed link sets a new password', async ({
  page,
  baseURL,
}) => {
  const email = `forgetful-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await page.request.post('/api/authn/session/credentials', {
    data: {
      email,
      password: 'the first password',
      first_name: 'Fay',
      family_name: 'Forget',
      create: true,
      tos: true,
    },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Request Reset Link' }).click();
  await expect(
    page.getByText(
      "If there's an account linked to this email address, you will receive reset instructions in your inbox.",
    ),
  ).toBeVisible();
  await snap(page, '21-forgot-password');

  const mail = await waitForMail(email, 2);
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\/\S+/)?.[0] ?? '';
  expect(link).not.toBe('');
  await page.goto(new URL(new URL(link).pathname, baseURL).toString());
  await page.locator('input[type=password]').first().fill('a second password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await snap(page, '22-after-reset');

  await loginWithPassword(page, email, 'a second password');
  await expect(page).toHaveURL(/\/c\/0\/company-select/);
});

test('any other path leads to the login page', async ({ page }) => {
  await page.goto('/nowhere/at/all');
  await expect(page).toHaveURL(/\/login$/);
});

test('a partner hostname gets its own brand', async ({ request }) => {
  const res = await request.get('/api/public/brand', { headers: { host: 'partner.localhost' } });
  expect((await res.json()).display_name).toBe('Northwind Legal');
});
