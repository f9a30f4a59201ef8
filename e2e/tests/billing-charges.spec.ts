import { expect, test } from '@playwright/test';
import { demo, demoAccountApi, newDemoWorkspace } from '../support/demo.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

test('a task with a state fee is paid through the payment modal with a new card, its add-on declined, then submitted', async ({
  page,
  request,
}) => {
  const accountId = await newDemoWorkspace(request, `Fees ${Date.now()}, Inc.`);
  const { headers, post } = await demoAccountApi(request, accountId);
  // Form an LLC in Texas: its State Filing task (we file it) charges Texas's LLC filing fee ($300); the
  // State Filing Agent add-on is offered, charged only if chosen.
  const project = await post('/api/account/project_template/form-llc/create', {});
  const group = project.groupedTransactions[0];
  const transactionId = group.id as number;
  const answer = (key: string, value: string, resourceId?: number) =>
    post('/api/account/flat_feature', {
      transaction_id: transactionId,
      feature_type_id: key,
      value,
      resource_id: resourceId,
    });
  await answer('company_name', 'Lone Star Holdings LLC');
  await answer('state', 'Texas');
  await answer(
    'address',
    JSON.stringify({ line_one: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }),
  );
  await answer('formation_date', '03/02/2026');
  const member = await post('/api/account/resource', {
    name: 'Ada Lovelace',
    transaction_id: transactionId,
    question_id: 'members',
  });
  await answer('percent', '100', member.id);
  const validated = await request.put(`/api/account/transaction/${transactionId}`, {
    headers,
    data: { validated_questionnaire: 1 },
  });
  expect(validated.status(), await validated.text()).toBe(200);

  const { email, password } = demo();
  await loginWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/c\/\d+\/home/);
  const moduleId = project.template.module_id as number;
  await page.goto(`/c/${accountId}/workbench/${moduleId}/${project.id}/${transactionId}/overview`);
  const card = page.getByRole('article', { name: 'State Filing' });
  const notice = page.getByLabel('Fees', { exact: true });
  await expect(card.getByText('State Filing Fee: $300.00')).toBeVisible();
  const agent = card.getByRole('checkbox', { name: /State Filing Agent, \$249\.00\/year/ });
  await expect(agent).not.toBeChecked();
  await expect(notice).toHaveText('Due when this task is submitted: $300.00.');
  await expect(page.getByText(/^Credits: \d+$/)).toBeVisible();
  await snap(page, 'billing-charges-task-card');

  // Uploaded (the company filed it itself), the task costs nothing: the notice says so.
  await card.getByRole('button', { name: 'Process for State Filing' }).click();
  await page.getByRole('menuitem', { name: 'Upload' }).click();
  await expect(page.getByText('Process set to upload.')).toBeVisible();
  await expect(card.getByText('State Filing Fee: $300.00')).toHaveCount(0);
  await expect(notice).toHaveText('No fees or document credits apply to this task.');
  await card.getByRole('button', { name: 'Process for State Filing' }).click();
  await page.getByRole('menuitem', { name: 'Generate' }).click();
  await expect(card.getByText('State Filing Fee: $300.00')).toBeVisible();
  await expect(notice).toHaveText('Due when this task is submitted: $300.00.');

  // The add-on ticked on the card is in the total.
  await agent.check();
  await expect(notice).toHaveText('Due when this task is submitted: $549.00.');

  await page.getByRole('button', { name: 'Submit Task' }).click();
  const modal = page.getByRole('dialog', { name: 'Submit Task' });
  await expect(modal.getByText('Total due')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Pay $549.00 and Submit' })).toBeDisabled();
  // Declined before paying: unticked in the modal, it leaves the total.
  const modalAgent = modal.getByRole('checkbox', { name: /State Filing Agent/ });
  await expect(modalAgent).toBeChecked();
  await modalAgent.uncheck();
  await expect(modal.getByRole('button', { name: 'Pay $300.00 and Submit' })).toBeVisible();
  await modal.getByRole('button', { name: 'Add Card' }).click();
  const add = page.getByRole('dialog', { name: 'Add Card' });
  await add.getByRole('button', { name: 'Save Card' }).click();
  await expect(add.getByText('Please provide a name for your payment card')).toBeVisible();
  await add.getByRole('textbox', { name: 'Name on card' }).fill('Dana Demo');
  await add.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
  await snap(page, 'billing-charges-add-card');
  await add.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByText('Payment Method Added.')).toBeVisible();
  await expect(modal.getByRole('radio', { name: /ending in 4242/ })).toBeChecked();
  await snap(page, 'billing-charges-payment-modal');
  await modal.getByRole('button', { name: 'Pay $300.00 and Submit' }).click();
  await expect(
    page.getByText(
      'Payment method saved, submitting Task. Please be patient as we finalize everything on our end.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Task Submitted!')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('Paid').first()).toBeVisible();
  // The add-on was not bought: the invoice has the fee alone.
  await expect(card.getByText(/State Filing Agent, \$249\.00\/year \(not added\)/)).toBeVisible();
  const invoices = await request.get('/api/account/v3/invoice', { headers });
  const totals = ((await invoices.json()).invoices as { total: number }[]).map((i) => i.total);
  expect(totals).toEqual([30_000]);
  await snap(page, 'billing-charges-submitted');

  // The Ledger CSV of the workflow's members report: default file name, inputs and resources to include.
  await page.goto(`/c/${accountId}/reports`);
  await page.getByRole('button', { name: 'Ledger CSV' }).first().click();
  const ledger = page.getByRole('dialog', { name: 'Ledger CSV' });
  await expect(ledger.getByRole('textbox', { name: 'Filename' })).toHaveValue(
    /, Ledger \d{4}-\d{2}-\d{2}\.csv$/,
  );
  await expect(ledger.getByRole('checkbox', { name: 'Ada Lovelace' })).toBeChecked();
  await snap(page, 'billing-charges-ledger');
  const download = page.waitForEvent('download');
  await ledger.getByRole('button', { name: 'Download CSV' }).click();
  await expect(page.getByText('Starting Download.')).toBeVisible();
  expect((await download).suggestedFilename()).toMatch(/Ledger \d{4}-\d{2}-\d{2}\.csv$/);
});
