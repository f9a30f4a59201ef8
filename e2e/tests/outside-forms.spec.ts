import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { choose, loginWithPassword } from '../support/ui.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/outside-forms-${name}.png`, fullPage: true });

/** Signs in as the demo workspace's owner and starts a Mutual NDA, leaving its overview open. */
async function startNda(page: Page) {
  const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  await loginWithPassword(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/c\/\d+\/home/);
  await page.getByRole('link', { name: 'Workflows' }).click();
  await page.getByRole('tab', { name: 'Customers & Partners' }).click();
  await page.getByRole('button', { name: 'Start Mutual NDA' }).click();
  await expect(page).toHaveURL(/\/task-view$/);
  await page.goto(page.url().replace(/task-view$/, 'overview'));
  await expect(page.getByLabel('Task status')).toBeVisible();
}

/** Share Form from the task menu; returns the link shown once the form is generated. */
async function shareForm(page: Page, options: { finalize?: boolean; type?: string; label: string }) {
  await page.getByRole('button', { name: 'Task menu' }).click();
  await page.getByRole('menuitem', { name: 'Share Form' }).click();
  await expect(page.getByRole('heading', { name: 'Share Form' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill(options.label);
  await page.getByLabel('Description').fill('A few details about your company, please.');
  if (options.type) await choose(page, 'Form Type', options.type);
  if (options.finalize) {
    await page.getByRole('radiogroup', { name: 'Finalize task on submission' }).getByLabel('Yes').check();
  }
  // Send email without an email: the spec's message, nothing created.
  await page.getByRole('radiogroup', { name: 'Send email with the form link' }).getByLabel('Yes').check();
  await page.getByRole('button', { name: 'Share Form' }).click();
  await expect(page.getByText('Please provide an email to share form link to.')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Send email with the form link' }).getByLabel('No').check();
  await expect(page.getByRole('checkbox', { name: "Include Your signer's name" })).toBeChecked();
  await shot(page, `sharing-mode-${options.label.replaceAll(' ', '-').toLowerCase()}`);
  await page.getByRole('button', { name: 'Share Form' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to create this shared form?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Shared Form' }).click();
  await expect(page.getByText('Shared Form generated.').first()).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Form link' }).inputValue();
  await shot(page, `generated-${options.label.replaceAll(' ', '-').toLowerCase()}`);
  return link;
}

/** A stranger's browser: no session, no cookies of the workspace. */
async function anonymousPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('a shared form is filled anonymously across a reload and finalizes its task', async ({
  page,
  browser,
}) => {
  await startNda(page);
  const link = await shareForm(page, { finalize: true, label: 'NDA details' });
  expect(link).toMatch(/\/outside-form\/[A-Za-z0-9_-]{22}$/);
  await page.getByRole('button', { name: 'Back to Task' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByText('Connected Forms')).toBeVisible();
  await expect(page.getByText('Finalizes task on submission')).toBeVisible();
  await page.getByRole('button', { name: 'Task menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Cancel Sharing Form' })).toBeVisible();
  await page.keyboard.press('Escape');

  const stranger = await anonymousPage(browser);
  const form = stranger.page;
  await form.goto(link);
  await expect(form.getByText('Do not share this URL')).toBeVisible();
  await expect(form.getByRole('heading', { name: 'NDA details' })).toBeVisible();
  await form.getByLabel("Your signer's name", { exact: true }).fill('Dana Demo');
  await form.getByLabel("Your signer's email", { exact: true }).fill('dana@demo.example');
  // Saved as typed: no blur, only a pause.
  const saved = form.waitForResponse((r) => r.url().endsWith('/api/unlisted/flat_feature') && r.ok());
  await form.getByLabel("Other party's legal name", { exact: true }).fill('Globex Corporation');
  await saved;
  await form.getByLabel("Other party's legal name", { exact: true }).blur();
  await form.waitForTimeout(1500);
  await form.reload();
  await expect(form.getByLabel("Your signer's name", { exact: true })).toHaveValue('Dana Demo');
  await expect(form.getByLabel("Your signer's email", { exact: true })).toHaveValue('dana@demo.example');
  await expect(form.getByLabel("Other party's legal name", { exact: true })).toHaveValue(
    'Globex Corporation',
  );

  // Submit checks the form as the questionnaire does.
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(
    form.getByText('Fill out all required fields before continuing.', { exact: true }),
  ).toBeVisible();
  await shot(form, 'public-form-errors');
  await form.getByLabel("Other party's signer name", { exact: true }).fill('Hank Scorpio');
  await form.getByLabel("Other party's signer email", { exact: true }).fill('legal@globex.example');
  await form.getByLabel('Purpose of the disclosure', { exact: true }).fill('A pilot project');
  await form.getByLabel('Effective date', { exact: true }).fill('04/01/2026');
  await form.getByLabel('Effective date', { exact: true }).blur();
  await form.getByRole('button', { name: 'Submit' }).click();
  // Just submitted: a success; the spec's "already completed" message is for a later visit.
  const done = form.getByRole('status');
  await expect(done.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(done.getByText('Your answers have been submitted. You can close this page.')).toBeVisible();
  await expect(form.getByText(/already been completed/)).toHaveCount(0);
  await shot(form, 'public-form-submitted');
  await form.reload();
  await expect(
    form.getByText(
      'This form has already been completed. Please contact technical support if you believe this is in error.',
    ),
  ).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Thank you' })).toHaveCount(0);
  await shot(form, 'public-form-completed');
  await stranger.context.close();

  await page.reload();
  await expect(page.getByLabel('Task status')).not.toHaveText(/Not Started|In Progress/);
  await expect(page.getByRole('button', { name: 'Submit Task' })).toHaveCount(0);
  await expect(page.getByTestId('outside-form-row').filter({ hasText: 'NDA details' })).toContainText(
    'Completed',
  );
  await shot(page, 'task-finalized');
});

test('a standing form link shows a page; its Start makes an instance, twice two, and fetching it makes none', async ({
  page,
  browser,
  request,
}) => {
  await startNda(page);
  const link = await shareForm(page, { type: 'Standing Form', label: 'Standing NDA intake' });
  expect(link).toMatch(/\/api\/redirect\/form\/[A-Za-z0-9_-]{22}$/);

  // A mail scanner or a link preview fetching the link (GET, HEAD) makes nothing.
  for (const fetched of [await request.get(link), await request.head(link)]) {
    expect(fetched.status()).toBe(200);
    expect(fetched.url()).toMatch(/\/outside-form\/[A-Za-z0-9_-]{22}\/start$/);
  }

  const landed: string[] = [];
  for (let visit = 0; visit < 2; visit++) {
    const stranger = await anonymousPage(browser);
    await stranger.page.goto(link);
    await expect(stranger.page).toHaveURL(/\/outside-form\/[A-Za-z0-9_-]{22}\/start$/);
    await expect(stranger.page.getByRole('heading', { name: 'Standing NDA intake' })).toBeVisible();
    if (visit === 0) await shot(stranger.page, 'standing-start');
    await stranger.page.getByRole('button', { name: 'Start' }).click();
    await expect(stranger.page).toHaveURL(/\/outside-form\/[A-Za-z0-9_-]{22}$/);
    await expect(stranger.page.getByRole('heading', { name: 'Standing NDA intake' })).toBeVisible();
    await expect(stranger.page.getByLabel("Your signer's name", { exact: true })).toBeVisible();
    landed.push(stranger.page.url());
    if (visit === 1) await shot(stranger.page, 'standing-instance');
    await stranger.context.close();
  }
  expect(landed[0]).not.toBe(landed[1]);

  await page.getByRole('button', { name: 'Back to Task' }).click();
  await expect(page.getByText('Standing Forms')).toBeVisible();
  // The standing form and the two instances its Start made: the fetches above made none.
  await expect(page.getByTestId('outside-form-row').filter({ hasText: 'Standing NDA intake' })).toHaveCount(
    3,
  );
  await shot(page, 'standing-forms-panel');
});
