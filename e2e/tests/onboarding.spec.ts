import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { confirmationCode, onBaseURL, verificationLink, waitForMail } from '../support/mail.ts';
import { choose, logOut, passwordBox, snap } from '../support/ui.ts';

/**
 * Onboarding through the UI, in one browser tab: register with a workspace (after the suffix error),
 * confirm the email (after a wrong code), log out and in with the password, log out and in with an emailed
 * link, then add a second workspace and switch back to the first one.
 */
const FIRST = 'Journey Labs, Inc.';
const SECOND = 'Second Venture LLC';
const WRONG_CODE = "That code wasn't valid. Double Check and try again.";

const shot = (page: Page, step: string) => snap(page, `onboarding-${step}`);
const workspaceButton = (page: Page, name: string) =>
  page.getByRole('button', { name: `Workspace: ${name}` });

/** A six-digit code that is not `code`. */
const otherCode = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

test('onboarding: register, confirm, log in two ways, add and switch workspaces', async ({
  page,
  context,
  baseURL,
}) => {
  const email = `onboarding-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'onboarding password 1';
  let home = '';

  await test.step('register with a workspace; the suffix is required', async () => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('First Name').fill('Jo');
    await page.getByLabel('Last Name').fill('Onboarding');
    await page.getByLabel('Email').fill(email);
    await passwordBox(page).fill(password);
    await page.getByRole('switch', { name: 'Add Workspace' }).check();
    await page.getByLabel('Company Name').fill('Journey Labs');
    await choose(page, 'Business Purpose', 'For-profit Company');
    await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
    await shot(page, '01-register-filled');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Select a suffix')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await shot(page, '02-register-suffix-error');

    // The suffix it asks for is picked beside the name: every entity type's suffixes, by type.
    await page.getByRole('combobox', { name: 'Company suffix' }).click();
    for (const suffix of ['Corp.', 'LLC', 'L.P.']) {
      await expect(page.getByRole('option', { name: suffix, exact: true })).toBeVisible();
    }
    await page.getByRole('option', { name: 'Inc.', exact: true }).click();
    await expect(page.getByLabel('Company Name')).toHaveValue(FIRST);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Select a suffix')).toBeHidden();
    await expect(page).toHaveURL(/\/register\/confirm-email$/);
  });

  await test.step('confirm the email: a wrong code, then the one from the mail', async () => {
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    const mail = await waitForMail(email, 1);
    const code = confirmationCode(mail);
    expect(code).toMatch(/^\d{6}$/);

    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(otherCode(code));
    await expect(page.getByRole('alert')).toHaveText(WRONG_CODE);
    await shot(page, '03-confirm-wrong-code');

    // The boxes start empty again after a wrong code; paste the right one, as copied from the mail.
    await expect(page.getByLabel('Digit 1 of 6')).toHaveValue('');
    await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const copied = mail.text.match(/\d{3}-\d{3}/)?.[0] ?? '';
    // A string, since the e2e project is typed for Node (no DOM lib).
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(copied)})`);
    await page.keyboard.press('ControlOrMeta+V');
    await expect(page).toHaveURL(/\/c\/\d+\/home$/, { timeout: 15_000 });
  });

  await test.step('land in the new workspace', async () => {
    home = new URL(page.url()).pathname;
    await expect(workspaceButton(page, FIRST)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, Jo!' })).toBeVisible();
    await expect(page.getByLabel('Welcome').getByText(FIRST)).toBeVisible();
    await shot(page, '04-workspace-home');
  });

  await test.step('log out from the user menu', async () => {
    await logOut(page);
    await shot(page, '05-logged-out');
  });

  await test.step('log in with the password', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await passwordBox(page).fill(password);
    await shot(page, '06-login-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    await expect(workspaceButton(page, FIRST)).toBeVisible();
    await shot(page, '07-home-after-password');
  });

  await test.step('log out again', async () => {
    await logOut(page);
  });

  await test.step('log in by email link', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Login By Email Link' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with an email link' })).toBeVisible();
    await shot(page, '08-login-link-mode');
    await page.getByRole('button', { name: 'Send Email Link' }).click();
    await expect(page).toHaveURL(/\/verify-code\/magic-link$/);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await shot(page, '09-verify-code');

    // The first mail was the confirmation code; the second is the sign-in link.
    const mail = await waitForMail(email, 2);
    expect(mail.subject).toContain('sign-in code');
    const link = verificationLink(mail);
    expect(link).toMatch(/\/verify\/magic-link\/[^/]+\/[A-Z0-9]+$/);
    // Opening the link (as a mail scanner would, twice) signs nobody in and uses nothing up.
    await page.goto(onBaseURL(link, baseURL));
    await page.reload();
    const signInButton = page.getByRole('button', { name: 'Sign In', exact: true });
    await expect(signInButton).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in with your email link' })).toBeVisible();
    await expect(page).toHaveURL(/\/verify\/magic-link\//);
    await shot(page, '10a-verify-link');
    await signInButton.click();
    await expect(page).toHaveURL(new RegExp(`${home}$`), { timeout: 15_000 });
    await expect(workspaceButton(page, FIRST)).toBeVisible();
    await shot(page, '10-home-after-link');
  });

  await test.step('add a second workspace', async () => {
    await workspaceButton(page, FIRST).click();
    await page.getByRole('menuitem', { name: 'View Your Workspaces' }).click();
    await expect(page).toHaveURL(/\/c\/0\/company-select$/);
    await expect(page.getByRole('heading', { name: 'Workspaces' })).toBeVisible();
    await expect(page.getByText(FIRST)).toBeVisible();
    await shot(page, '11-workspaces');

    await page.getByRole('button', { name: 'Add Workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Workspace' });
    await dialog.getByLabel('Company Name').fill('Second Venture');
    await choose(page, 'Business Purpose', 'For-profit Company');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Select a suffix')).toBeVisible();
    await dialog.getByLabel('Company Name').fill(SECOND);
    await expect(dialog.getByText('Select a suffix')).toBeHidden();
    await shot(page, '12-new-workspace');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByText('Company Added! Please wait a few seconds as we set everything up.'),
    ).toBeVisible();
    // The product waits 5 s before opening the new workspace.
    await expect(page).toHaveURL(/\/c\/\d+\/home$/, { timeout: 15_000 });
    expect(new URL(page.url()).pathname).not.toBe(home);
    await expect(workspaceButton(page, SECOND)).toBeVisible();
    await expect(page.getByLabel('Welcome').getByText(SECOND)).toBeVisible();
    await shot(page, '13-second-workspace');
  });

  await test.step('switch back to the first workspace', async () => {
    await workspaceButton(page, SECOND).click();
    await shot(page, '14-company-menu');
    await page.getByRole('menuitem', { name: FIRST }).click();
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    await expect(workspaceButton(page, FIRST)).toBeVisible();
    await expect(page.getByLabel('Welcome').getByText(FIRST)).toBeVisible();
    await shot(page, '15-switched-back');
  });
});
