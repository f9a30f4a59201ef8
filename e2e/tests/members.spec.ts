import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { expectAccessible, expectTitled } from '../support/a11y.ts';
import { resetLink, waitForMail } from '../support/mail.ts';
import { loginWithPassword, passwordBox, snap } from '../support/ui.ts';

const ADMIN_WARNING = 'To access that page you must be an admin of its parent Workspace.';
const ACCESS_LOST = 'You no longer have access to this workspace.';

const membersTable = (page: Page) => page.getByRole('table', { name: 'Members' });
const row = (page: Page, email: string) => membersTable(page).getByRole('row').filter({ hasText: email });

test('an admin invites a colleague, who sets up sign-in from the email and works in the workspace until removed', async ({
  browser,
}) => {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  const email = `colleague-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'a long colleague password';

  // The admin opens the workspace settings from the user menu.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginWithPassword(admin, demo.email, demo.password);
  await expect(admin).toHaveURL(/\/c\/\d+\/home/);
  const companyId = /\/c\/(\d+)\//.exec(admin.url())?.[1];
  await admin.getByRole('button', { name: 'User menu' }).click();
  await admin.getByRole('menuitem', { name: 'View Workspace Settings' }).click();
  await expect(admin).toHaveURL(new RegExp(`/c/${companyId}/settings/profile$`));
  await expectTitled(admin, 'Workspace Settings');
  await expect(admin.getByLabel('Company Name')).toHaveValue('Demo Ventures, Inc.');
  await snap(admin, 'members-settings-profile');
  // The name keeps the company name rules (spec 1 §5); nothing is saved without a suffix.
  await admin.getByLabel('Company Name').fill('Demo Ventures');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Select a suffix')).toBeVisible();
  // The sidebar's Account entry leads there too.
  await admin.getByRole('link', { name: 'Account' }).click();
  await expect(admin).toHaveURL(new RegExp(`/c/${companyId}/settings/profile$`));

  await admin.getByRole('tab', { name: 'Members' }).click();
  await expect(admin).toHaveURL(/\/settings\/members$/);
  await expect(row(admin, demo.email)).toContainText('Owner');
  await admin.getByRole('button', { name: 'Invite Member' }).click();
  const invite = admin.getByRole('dialog', { name: 'Invite Member' });
  await invite.getByLabel('Email').fill('not-an-email');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText('Invalid email address')).toBeVisible();
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('First Name').fill('Casey');
  await invite.getByLabel('Last Name').fill('Colleague');
  await snap(admin, 'members-invite-modal');
  await expectAccessible(admin, 'invite member');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite).toBeHidden();
  await expect(row(admin, email)).toContainText('Invited');
  await expect(admin.getByText('2 of 2 members')).toBeVisible();
  await snap(admin, 'members-list');
  await expectAccessible(admin, 'workspace members');
  // The workspace is now full: the invitation says so before anyone types.
  await admin.getByRole('button', { name: 'Invite Member' }).click();
  await expect(
    invite.getByText('This workspace has reached its limit of 2 users. Upgrade your plan to add more.'),
  ).toBeVisible();
  await snap(admin, 'members-limit');
  await invite.getByRole('button', { name: 'Cancel' }).click();

  // The colleague opens the invitation, chooses a password and signs in.
  const mail = await waitForMail(email);
  expect(mail.subject).toContain('Demo Ventures, Inc.');
  const link = resetLink(mail);
  expect(link).not.toBe('');
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(link);
  // The invitation's link says what it is for: setting up sign-in, not a reset.
  await expect(colleague.getByRole('heading', { name: 'Set up your sign-in' })).toBeVisible();
  await passwordBox(colleague, 'Password').fill(password);
  await colleague.getByRole('button', { name: 'Set Password' }).click();
  // Choosing the password signs them in: no second login. The invited workspace is their first, so
  // they land in it.
  await expect(colleague).toHaveURL(new RegExp(`/c/${companyId}/home`));
  await expect(colleague.getByRole('button', { name: 'User menu' })).toBeVisible();

  // A member is no admin: no Account entry or workspace settings are offered to them ...
  await expect(colleague.getByRole('link', { name: 'Workflows' })).toBeVisible();
  await expect(colleague.getByRole('link', { name: 'Account' })).toHaveCount(0);
  await colleague.getByRole('button', { name: 'User menu' }).click();
  await expect(colleague.getByRole('menuitem', { name: 'View User Profile' })).toBeVisible();
  await expect(colleague.getByRole('menuitem', { name: 'View Workspace Settings' })).toHaveCount(0);
  await colleague.keyboard.press('Escape');
  // ... and settings opened by their address warn and send them to the workspaces page.
  await colleague.goto(`/c/${companyId}/settings/members`);
  await expect(colleague.getByText(ADMIN_WARNING)).toBeVisible();
  await expect(colleague).toHaveURL(/\/c\/0\/company-select/);
  await colleague.goto(`/c/${companyId}/home`);
  await colleague.getByRole('link', { name: 'Workflows' }).click();
  await expect(colleague).toHaveURL(new RegExp(`/c/${companyId}/workflows`));
  await expect(colleague.getByText('Form a Delaware Corporation')).toBeVisible();
  await expect(colleague.getByLabel('Live updates on')).toBeVisible();
  await snap(colleague, 'members-colleague-workflows');

  // The admin sees them as a member now, and removes them.
  await admin.reload();
  await expect(row(admin, email)).not.toContainText('Invited');
  await row(admin, email).getByRole('button', { name: 'Actions for Casey Colleague' }).click();
  await admin.getByRole('menuitem', { name: 'Remove' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Remove Member' });
  await expect(confirm).toContainText('Are you sure you want to remove Casey Colleague from our system?');
  await snap(admin, 'members-remove-confirm');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(row(admin, email)).toHaveCount(0);
  await expect(admin.getByText('1 of 2 members')).toBeVisible();

  // The colleague's open page loses the workspace at once: a notice, then the workspaces page.
  await expect(colleague.getByText(ACCESS_LOST)).toBeVisible({ timeout: 15_000 });
  await expect(colleague).toHaveURL(/\/c\/0\/company-select/);
  await expect(colleague.getByText('Demo Ventures, Inc.')).toHaveCount(0);
  await snap(colleague, 'members-colleague-removed');
  // Going back by URL is refused too.
  await colleague.goto(`/c/${companyId}/workflows`);
  await expect(colleague).toHaveURL(/\/c\/0\/company-select/);

  await adminContext.close();
  await colleagueContext.close();
});
