import { expect, type Page, test } from '@playwright/test';
import { demo, newDemoWorkspace } from '../support/demo.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

/** A picture of the screen for the spec's artifacts and for a look in /tmp. */
async function shot(page: Page, name: string) {
  await snap(page, `billing-${name}`);
  await page.screenshot({ path: `/tmp/billing-${name}.png`, fullPage: true });
}

const methods = (page: Page) => page.getByRole('table', { name: 'Payment methods' });

test('an admin adds a test card, subscribes to the paid plan, adds and verifies a bank account, and sees the invoice', async ({
  page,
  request,
}) => {
  const accountId = await newDemoWorkspace(request, `Billing ${Date.now()}, Inc.`);
  const { email, password } = demo();
  await loginWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/c\/\d+\/home/);

  await page.goto(`/c/${accountId}/settings/billing`);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByTestId('billing-test-mode')).toContainText('Test mode');
  await shot(page, 'settings-empty');

  // A real card number is refused in the browser; the test card is tokenised there and saved.
  await page.getByRole('button', { name: 'Add Card' }).click();
  const card = page.getByRole('dialog', { name: 'Add Card' });
  await card.getByRole('button', { name: 'Save Card' }).click();
  await expect(card.getByText('Please provide a name for your payment card')).toBeVisible();
  await card.getByLabel('Name on card').fill('Ada Lovelace');
  await card.getByLabel('Card number').fill('4111 1111 1111 1111');
  await card.getByRole('button', { name: 'Save Card' }).click();
  await expect(card.getByRole('alert')).toContainText('not a test card');
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shot(page, 'add-card');
  await card.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByText('Payment Method Added.')).toBeVisible();
  await expect(methods(page).getByRole('row').filter({ hasText: 'Visa ····4242' })).toContainText('Default');

  // The user menu names the workspace's plan: none yet, so the free one.
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByTestId('user-menu-plans')).toHaveText('Free Basic');
  await page.keyboard.press('Escape');

  // The plans modal from the top bar: preview the price, subscribe.
  await page.getByRole('link', { name: 'Upgrade Plan' }).click();
  const plans = page.getByRole('dialog', { name: 'Plans' });
  await expect(plans.getByTestId('plan-basic')).toContainText('Current Plan');
  await shot(page, 'plans');
  await plans.getByRole('button', { name: 'Choose Starter' }).click();
  await expect(plans.getByTestId('plan-preview-amount')).toHaveText('$499.00 per year');
  await shot(page, 'checkout');
  await plans.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Subscribed!')).toBeVisible();
  await expect(plans).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/c/${accountId}/settings/billing$`));
  // The user menu now names the plan subscribed to, at once, not "Free Basic".
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByTestId('user-menu-plans')).toHaveText('Starter');
  await shot(page, 'user-menu-plan');
  await page.keyboard.press('Escape');

  // A bank account by micro-deposits: new (awaiting verification), then verified with the two amounts.
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  const bank = page.getByRole('dialog', { name: 'Add Bank Account' });
  await bank.getByLabel('Account holder name').fill('Billing Inc.');
  await bank.getByLabel('Routing number').fill('110000000');
  await bank.getByLabel('Account number').fill('000123456789');
  await bank.getByLabel('Bank label').fill('Operating');
  await bank.getByRole('button', { name: 'Submit Bank Account' }).click();
  await expect(page.getByText('ACH Account info submitted.')).toBeVisible();
  const bankRow = methods(page).getByRole('row').filter({ hasText: 'Operating ····6789' });
  await expect(bankRow).toContainText('Awaiting verification');
  await bankRow.getByRole('button', { name: 'Verify' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify Bank Account' });
  await verify.getByLabel('First amount').fill('0.32');
  await verify.getByLabel('Second amount').fill('0.45');
  await shot(page, 'verify-bank');
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('ACH Account verified.')).toBeVisible();
  await expect(bankRow).toContainText('Verified');

  // The invoice with its line, and its receipt.
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices).toContainText('Starter plan');
  await expect(invoices).toContainText('$499.00');
  await shot(page, 'settings');
  const download = page.waitForEvent('download');
  await invoices.getByRole('button', { name: 'Download Receipt' }).click();
  expect((await download).suggestedFilename()).toMatch(/^receipt-\d+-\d+\.pdf$/);

  await page.getByRole('link', { name: 'View Subscriptions' }).click();
  await expect(page.getByTestId('current-plan')).toHaveText('Starter');
  await shot(page, 'subscriptions');
});
