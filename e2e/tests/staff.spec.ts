import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IMPERSONATION_PREFIX, ONLY_THIS_WORKSPACE } from '@charter/domain';
import { expect, type Page, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { expectAccessible } from '../support/a11y.ts';
import { STAFF_EMAIL, STAFF_PASSWORD } from '../support/staff.ts';
import { choose, loginWithPassword, passwordBox, snap } from '../support/ui.ts';

const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

test.describe.configure({ mode: 'serial' });

/** The demo user the server seeds (SEED_DEMO): a customer who is not staff. */
const demo = (): { email: string; password: string } =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));

async function signInAsStaff(page: Page) {
  await loginWithPassword(page, STAFF_EMAIL, STAFF_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
}

test('staff find a user, log in as them with a reason, and see the impersonation notice', async ({
  page,
  request,
}) => {
  // A customer with a workspace of their own.
  const email = `customer-${randomUUID().slice(0, 8)}@example.com`;
  const company = `Customer ${randomUUID().slice(0, 6)}, Inc.`;
  const registered = await request.post('/api/authn/session/credentials', {
    headers: { authorization: basic(email, 'customer password 1') },
    data: {
      email,
      password: 'customer password 1',
      first_name: 'Casey',
      family_name: 'Customer',
      create: true,
      tos: true,
      company: { company_name: company, features: [{ feature_type_id: 881, value: 'For-profit Company' }] },
    },
  });
  expect(registered.status()).toBe(201);

  await signInAsStaff(page);
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.getByLabel('Search by email, name or id').fill(email);
  const link = page.getByRole('link', { name: email });
  await expect(link).toBeVisible();
  await expect(page.getByText('1 found')).toBeVisible();
  await snap(page, 'staff-users');
  await expectAccessible(page, 'staff users');
  await expect(page).toHaveTitle('Users · Charter staff');
  await link.click();
  await expect(page.getByRole('heading', { name: email })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(company) })).toContainText('Owner');
  await snap(page, 'staff-user');
  await expectAccessible(page, 'staff user');

  await page
    .getByRole('row', { name: new RegExp(company) })
    .getByRole('button', { name: 'Log in as' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Log in as this user' });
  // No reason, no remote login.
  await dialog.getByRole('button', { name: 'Log in as user' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A reason is required to log in as another user');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Support ticket 981: documents missing');
  await snap(page, 'staff-log-in-as');
  await expectAccessible(page, 'staff log in as');
  await dialog.getByRole('button', { name: 'Log in as user' }).click();

  // The workspace app opens in the customer's workspace, as the customer, with staff behind it.
  await expect(page).toHaveURL(/\/c\/\d+\/home$/);
  const notice = page.getByRole('status').filter({ hasText: IMPERSONATION_PREFIX.trim() });
  await expect(notice).toContainText('Casey Customer');
  const workspace = page.getByRole('button', { name: `Workspace: ${company}` });
  await expect(workspace).toHaveAttribute('aria-disabled', 'true');
  await workspace.hover();
  await expect(page.getByRole('tooltip')).toHaveText(ONLY_THIS_WORKSPACE);
  await snap(page, 'staff-impersonating');

  // Staff acting as the customer work in the workspace, but bring nobody in and open no workspace.
  const accountId = new URL(page.url()).pathname.split('/')[2];
  await page.goto(`/c/${accountId}/settings/members`);
  await expect(page.getByRole('table', { name: 'Members' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite Member' })).toHaveCount(0);
  await page.goto('/c/0/company-select');
  await expect(page.getByRole('article', { name: company })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Workspace' })).toHaveCount(0);
  await snap(page, 'staff-impersonating-no-add-workspace');

  // Acting as the customer, staff may not change how the customer signs in: nothing of it is offered.
  await page.goto(`/c/${accountId}/user-settings`);
  await expect(page.getByRole('heading', { name: 'Email Addresses' })).toBeVisible();
  await expect(
    page.getByText('Only the user can change their password, emails and sign-in methods.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Email' })).toHaveCount(0);
  await snap(page, 'staff-impersonating-profile');

  // The notice's way back ends the remote login and opens the console as the staff member, no sign-in.
  await notice.getByRole('button', { name: 'Back to staff console' }).click();
  await expect(page).toHaveURL(/\/staff\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  // The remote login is over: the workspace app is the staff member's own again, with no notice.
  await page.goto('/c/0/company-select');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: IMPERSONATION_PREFIX.trim() })).toHaveCount(0);
});

test('/staff opened signed out asks for a sign-in and comes back to the console', async ({ page }) => {
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fstaff/);
  // Signed in on that very page (loginWithPassword would open a bare /login).
  await page.getByLabel('Email').fill(STAFF_EMAIL);
  await page.getByRole('button', { name: 'Next' }).click();
  await passwordBox(page).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('staff make a workspace restricted, and its Workflows page lists the workflows of modules 4 and 5', async ({
  page,
  browser,
  request,
}) => {
  const email = `restricted-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'customer password 1';
  const registered = await request.post('/api/authn/session/credentials', {
    headers: { authorization: basic(email, password) },
    data: {
      email,
      password,
      first_name: 'Remy',
      family_name: 'Restricted',
      create: true,
      tos: true,
      company: {
        company_name: `Restricted ${randomUUID().slice(0, 6)}, Inc.`,
        features: [{ feature_type_id: 881, value: 'For-profit Company' }],
      },
    },
  });
  expect(registered.status()).toBe(201);

  await signInAsStaff(page);
  const found = await page.request.get(`/api/staff/users?q=${encodeURIComponent(email)}`);
  const [user] = (await found.json()).items as { id: number }[];
  const detail = (await (await page.request.get(`/api/staff/users/${user.id}`)).json()) as {
    memberships: { account_id: number }[];
  };
  const accountId = detail.memberships[0].account_id;
  await page.goto(`/staff/workspaces/${accountId}`);
  const restricted = page.getByRole('switch', { name: 'Restricted workspace (role 3)' });
  await expect(restricted).not.toBeChecked();
  await restricted.click();
  await expect(restricted).toBeChecked();
  await expect(page.getByText(`Workspace ${accountId} · role 3`)).toBeVisible();
  await snap(page, 'staff-workspace-restricted');
  await expectAccessible(page, 'staff workspace');
  // It holds: the console reads it back from the server.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Restricted workspace (role 3)' })).toBeChecked();

  // The customer's Workflows page opens on an area that has workflows: those of modules 4 and 5.
  const context = await browser.newContext();
  const customer = await context.newPage();
  await loginWithPassword(customer, email, password);
  await expect(customer).toHaveURL(new RegExp(`/c/${accountId}/`));
  await customer.goto(`/c/${accountId}/workflows`);
  await expect(customer.getByRole('tab', { name: 'Customers & Partners' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(customer.getByText('Customer Services Agreement')).toBeVisible();
  await snap(customer, 'workflows-restricted');
  await customer.getByRole('tab', { name: 'Other' }).click();
  await expect(customer.getByText('Consulting Agreement')).toBeVisible();
  await customer.getByRole('tab', { name: 'Entity' }).click();
  await expect(customer.getByText('No workflows in Entity. Try another area.')).toBeVisible();
  await expect(customer.getByText('Form a Delaware Corporation')).toHaveCount(0);
  await context.close();
});

test('the console lists the audit log, jobs, brands and partners, and creates a brand and a partner', async ({
  page,
}) => {
  await signInAsStaff(page);
  await page.goto('/staff/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Action').fill('remote_login');
  await expect(page.getByText('1 found')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Support ticket 981: documents missing' })).toBeVisible();
  await snap(page, 'staff-audit');
  await expectAccessible(page, 'staff audit log');

  await page.getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();
  await snap(page, 'staff-jobs');

  const hostname = `firm-${randomUUID().slice(0, 6)}.example.com`;
  await page.getByRole('link', { name: 'Brands' }).click();
  await page.getByRole('button', { name: 'New brand' }).click();
  const brandForm = page.getByRole('dialog', { name: 'New brand' });
  await brandForm.getByRole('textbox', { name: 'Hostname' }).fill(hostname);
  await brandForm.getByRole('textbox', { name: 'Display name' }).fill('Firm Legal');
  await brandForm.getByRole('textbox', { name: 'Legal name' }).fill('Firm Legal LLP');
  await brandForm.getByRole('textbox', { name: 'Web address' }).fill(`https://${hostname}`);
  await brandForm.getByRole('textbox', { name: 'Support email' }).fill('not an email');
  await brandForm.getByRole('button', { name: 'Save' }).click();
  await expect(brandForm.getByText('Invalid email')).toBeVisible();
  await snap(page, 'staff-brand-form');
  await expectAccessible(page, 'staff brand form');
  await brandForm.getByRole('textbox', { name: 'Support email' }).fill(`help@${hostname}`);
  await brandForm.getByRole('button', { name: 'Save' }).click();
  await expect(brandForm).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(hostname) })).toContainText('Firm Legal');
  await snap(page, 'staff-brands');

  await page.getByRole('link', { name: 'Partners' }).click();
  await page.getByRole('button', { name: 'New partner' }).click();
  const partnerForm = page.getByRole('dialog', { name: 'New partner' });
  const slug = `firm-${randomUUID().slice(0, 6)}`;
  await partnerForm.getByRole('textbox', { name: 'Name' }).fill('Firm Legal');
  await partnerForm.getByRole('textbox', { name: 'Slug' }).fill(slug);
  await partnerForm.getByRole('checkbox', { name: 'Covers credits' }).check();
  await choose(page, 'Brand', hostname);
  await partnerForm.getByRole('button', { name: 'Save' }).click();
  await expect(partnerForm).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(slug) });
  await expect(row).toContainText(hostname);
  await row.getByRole('button', { name: 'Add member' }).click();
  const seat = page.getByRole('dialog', { name: 'Add a member to Firm Legal' });
  await seat.getByRole('textbox', { name: 'Email of an existing user' }).fill(STAFF_EMAIL);
  await seat.getByRole('button', { name: 'Save' }).click();
  await expect(seat).toBeHidden();
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await snap(page, 'staff-partners');
  await expectAccessible(page, 'staff partners');
});

test('/remote-login opened directly asks for the reason first', async ({ page }) => {
  await signInAsStaff(page);
  // The console's API answers the staff member's session cookie too.
  const found = await page.request.get(`/api/staff/users?q=${encodeURIComponent(demo().email)}`);
  const [user] = (await found.json()).items as { id: number }[];
  const detail = (await (await page.request.get(`/api/staff/users/${user.id}`)).json()) as {
    memberships: { account_id: number }[];
  };
  const accountId = detail.memberships[0].account_id;
  await page.goto(`/remote-login?user_id=${user.id}&account_id=${accountId}`);
  await page.getByRole('button', { name: 'Log in as user' }).click();
  await expect(page.getByText('A reason is required to log in as another user')).toBeVisible();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Checking the demo workspace');
  await snap(page, 'staff-remote-login-page');
  await page.getByRole('button', { name: 'Log in as user' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${accountId}/home$`));
  await expect(page.getByRole('status').filter({ hasText: IMPERSONATION_PREFIX.trim() })).toBeVisible();

  // Acting as the user, the console is closed; its way back ends the remote login and opens it as staff.
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'The staff console is not available' })).toBeVisible();
  await snap(page, 'staff-console-while-impersonating');
  await page.getByRole('button', { name: 'Back to staff console' }).click();
  await expect(page).toHaveURL(/\/staff\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('the console is not available to users who are not staff', async ({ page }) => {
  await loginWithPassword(page, demo().email, demo().password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/staff/users');
  await expect(page.getByRole('heading', { name: 'The staff console is not available' })).toBeVisible();
  await expect(page.getByText('It is for platform staff only.')).toBeVisible();
  await snap(page, 'staff-not-available');
});
