import { expect, test } from '@playwright/test';
import { demo, demoAccountApi, openNewDemoWorkspace } from '../support/demo.ts';
import { onBaseURL, readMail } from '../support/mail.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

test("a form an outsider submits reaches its owner's bell live, stays after a reload, and is mailed", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await loginWithPassword(page, demo().email, demo().password);
  const accountId = await openNewDemoWorkspace(page, request, 'Notice Ventures');
  const api = await demoAccountApi(request, accountId);
  const project = await api.post('/api/account/project_template/mutual-nda/create', {});
  const transactionId = project.groupedTransactions[0].id as number;
  const name = `Partner intake ${Date.now().toString(36)}`;
  const shared = await api.post(`/api/account/transaction/${transactionId}/outside`, {
    features: [{ feature_type_id: 'purpose' }],
    name,
  });
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // An outsider fills the form in a browser of their own and submits it.
  const context = await browser.newContext();
  const outsider = await context.newPage();
  await outsider.goto(onBaseURL(shared.form.link, baseURL));
  await outsider.getByLabel('Purpose of the disclosure', { exact: true }).fill('A pilot project');
  await outsider.getByLabel('Purpose of the disclosure', { exact: true }).blur();
  const submitted = outsider.waitForResponse((r) => r.url().endsWith('/finalize') && r.ok());
  await outsider.getByRole('button', { name: 'Submit' }).click();
  await submitted;
  await context.close();

  // The owner's open page hears of it (the live channel), and the notice stays after a reload.
  const bell = page.getByRole('button', { name: 'Notifications: 1 new' });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await bell.click();
  const notice = page.getByRole('button', { name: `Unread: Shared form "${name}" was submitted.` });
  await expect(notice).toBeVisible();
  await snap(page, 'notices-bell');
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/c/${accountId}/workbench/\\d+/\\d+/${transactionId}/overview$`));
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  // And by email, to the member who shared it.
  await expect
    .poll(() => readMail(demo().email).some((mail) => mail.subject === `Form submitted: ${name}`), {
      timeout: 20_000,
    })
    .toBe(true);
});
