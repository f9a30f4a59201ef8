import { expect, type Locator, test } from '@playwright/test';
import { demo, demoAccountApi, newDemoWorkspace } from '../support/demo.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

/** Types into an answer and leaves it, which is when answers are checked and saved. */
async function answer(box: Locator, value: string) {
  await box.fill(value);
  await box.blur();
}

test('answers are checked in the words a person can act on: suffixes by entity type, zip, phone, and a summary naming each field', async ({
  page,
  request,
}) => {
  const accountId = await newDemoWorkspace(request, `Validation ${Date.now()}, Inc.`);
  const { post } = await demoAccountApi(request, accountId);
  const corporation = await post('/api/account/project_template/form-delaware-corporation/create', {});
  const llc = await post('/api/account/project_template/form-llc/create', {});
  const formOf = (project: {
    id: number;
    template: { module_id: number };
    groupedTransactions: { id: number }[];
  }) =>
    `/c/${accountId}/workbench/${project.template.module_id}/${project.id}/${project.groupedTransactions[0].id}/task-view`;

  const { email, password } = demo();
  await loginWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/c\/\d+\/home/);

  // A corporation is offered the corporation suffixes only.
  await page.goto(formOf(corporation));
  await expect(page.getByRole('heading', { name: 'Formation details' })).toBeVisible();
  await answer(page.getByLabel('Company name', { exact: true }), 'Acme Rockets');
  await page.getByRole('combobox', { name: 'Company suffix' }).click();
  for (const suffix of ['Inc.', 'Incorporated', 'Co.', 'Company', 'Corp.', 'Corporation']) {
    await expect(page.getByRole('option', { name: suffix, exact: true })).toBeVisible();
  }
  for (const suffix of ['LLC', 'LP', 'L.P.']) {
    await expect(page.getByRole('option', { name: suffix, exact: true })).toHaveCount(0);
  }
  await page.getByRole('option', { name: 'Corp.', exact: true }).click();
  await expect(page.getByLabel('Company name', { exact: true })).toHaveValue('Acme Rockets, Corp.');

  // A four-digit zip asks for the full zip, not "Zip required".
  const office = page.getByRole('group', { name: 'Principal office' });
  await office.getByLabel('Line One', { exact: true }).fill('1 Main Street');
  await office.getByLabel('City', { exact: true }).fill('Dover');
  await office.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Delaware', exact: true }).click();
  await answer(office.getByLabel('Zip', { exact: true }), '1990');
  await expect(office.getByText('Full zip code required.')).toBeVisible();
  await expect(page.getByText('Zip required', { exact: true })).toHaveCount(0);

  // A real phone number whose line is 1234 is a phone number.
  await page.getByLabel('New Founders name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const founder = page.getByLabel('Founders 1', { exact: true });
  await expect(founder.getByText('Ada Lovelace', { exact: true })).toBeVisible();
  await answer(founder.getByLabel('Phone', { exact: true }), '+1 (202) 555-1234');
  await expect(founder.getByLabel('Phone', { exact: true })).toHaveValue('+1 (202) 555-1234');
  await expect(founder.getByText('Invalid value')).toHaveCount(0);
  await expect(page.getByText('Saving…')).toHaveCount(0);

  // Submit: the summary names every field to fix, after the spec's line.
  await page.getByRole('button', { name: 'Submit Form' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please review the form' });
  await expect(
    summary.getByText('Fill out all required fields before continuing.', { exact: true }),
  ).toBeVisible();
  for (const line of [
    'Principal office: Full zip code required.',
    'Formation date: Date required',
    'Email of Ada Lovelace: Email required',
    'Shares purchased of Ada Lovelace: Field required',
  ]) {
    await expect(summary.getByText(line, { exact: true })).toBeVisible();
  }
  await snap(page, 'validation-summary');

  // An LLC is offered LLC alone, and "… Inc." is refused with a message saying why.
  await page.goto(formOf(llc));
  await expect(page.getByRole('heading', { name: 'LLC details' })).toBeVisible();
  await answer(page.getByLabel('Company name', { exact: true }), 'Lone Star Holdings Inc.');
  await expect(page.getByText('Please select a Company suffix of your Entity Type.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Company suffix' }).click();
  await expect(page.getByRole('option')).toHaveText(['LLC']);
  await page.getByRole('option', { name: 'LLC', exact: true }).click();
  await expect(page.getByLabel('Company name', { exact: true })).toHaveValue('Lone Star Holdings, LLC');
  await expect(page.getByText('Please select a Company suffix of your Entity Type.')).toHaveCount(0);
  await snap(page, 'validation-llc-suffix');
});
