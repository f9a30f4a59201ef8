import { randomUUID } from 'node:crypto';
import { VERIFY_TO_SHARE } from '@charter/domain';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible, expectTitled } from '../support/a11y.ts';
import { onBaseURL, verificationLink, waitForMail } from '../support/mail.ts';
import { loginWithPassword, logOut, passwordBox, snap } from '../support/ui.ts';

const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;
const mark = () => randomUUID().slice(0, 6);
const SQUATTER_PASSWORD = 'not the owner of this address';

/**
 * Set-up only: someone registers an address that is not theirs (with a workspace) and makes a second
 * workspace, by the API (the `request` fixture keeps no cookies, so the browser stays signed out).
 */
async function squat(request: APIRequestContext, email: string, first: string, second: string) {
  const registered = await request.post('/api/authn/session/credentials', {
    data: {
      email,
      password: SQUATTER_PASSWORD,
      first_name: 'Mallory',
      family_name: 'Squat',
      create: true,
      tos: true,
      company: { company_name: first, features: [{ feature_type_id: 881, value: 'For-profit Company' }] },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { id_token: idToken, account_id: firstId } = await registered.json();
  const made = await request.post('/api/user/accounts', {
    headers: { authorization: `Bearer ${idToken}` },
    data: { company_name: second, features: [{ feature_type_id: 881, value: 'For-profit Company' }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  return firstId as number;
}

test('the owner of an address takes over an account someone registered with it and reviews what it set up', async ({
  page,
  request,
  baseURL,
}) => {
  // A journey of two people and four screens, with an accessibility check.
  test.slow();
  const email = uniqueEmail('victim');
  const first = `Squatted ${mark()}, Inc.`;
  const second = `Second Thought ${mark()}, Inc.`;
  const firstId = await squat(request, email, first, second);

  await test.step('unproven, the account cannot bring anyone in: the refusal offers to verify', async () => {
    await loginWithPassword(page, email, SQUATTER_PASSWORD);
    await expect(page).toHaveURL(/\/c\/\d+\//);
    await page.goto(`/c/${firstId}/settings/members`);
    await page.getByRole('button', { name: 'Invite Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Member' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('accomplice'));
    await dialog.getByRole('checkbox', { name: /Admin/ }).check();
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toContainText(VERIFY_TO_SHARE);
    await expect(refusal.getByRole('button', { name: 'Verify your account' })).toBeVisible();
    await snap(page, 'takeover-01-unproven-invite-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('table', { name: 'Members' }).getByRole('row')).toHaveCount(2);
    await logOut(page);
  });

  await test.step('the address owner signs in by the emailed link', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Login By Email Link' }).click();
    await page.getByRole('button', { name: 'Send Email Link' }).click();
    await expect(page).toHaveURL(/\/verify-code\/magic-link$/);
    // The registration mailed its six-digit code first; the sign-in link is the second mail.
    const mail = await waitForMail(email, 2);
    await page.goto(onBaseURL(verificationLink(mail), baseURL));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  });

  await test.step('the review lists what the unproven registration set up', async () => {
    await expect(page).toHaveURL(/\/c\/0\/account-review\?redirect=/);
    await expectTitled(page, 'Review your account');
    await expect(page.getByRole('region', { name: first })).toBeVisible();
    await expect(page.getByRole('region', { name: second })).toBeVisible();
    await snap(page, 'takeover-02-review');
    await expectAccessible(page, 'account review');
  });

  await test.step('remove one workspace, keep the other', async () => {
    await page.getByRole('button', { name: `Remove ${first}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Workspace' });
    await expect(confirm).toContainText(`Leave ${first}?`);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('region', { name: first })).toHaveCount(0);
    await page.getByRole('button', { name: `Keep ${second}` }).click();
    await expect(page.getByText('Nothing is left to review.')).toBeVisible();
    await snap(page, 'takeover-03-reviewed');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/c\/0\/company-select$/);
    await expect(page.getByRole('article', { name: second })).toBeVisible();
    await expect(page.getByRole('article', { name: first })).toHaveCount(0);
    await page.getByRole('button', { name: `Open ${second}` }).click();
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    // The bell has nothing left to review.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('button', { name: 'Review your account' })).toHaveCount(0);
  });

  await test.step("the squatter's password no longer signs in", async () => {
    await logOut(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(passwordBox(page)).toHaveCount(0);
  });
});
