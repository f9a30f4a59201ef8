import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { openNewDemoWorkspace } from '../support/demo.ts';
import { onBaseURL, waitForMail } from '../support/mail.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

const demo = () => JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
const reviewLink = (text: string) => text.match(/https?:\/\/\S+\/review\/[A-Za-z0-9_-]+/)?.[0] ?? '';

test('a reviewer suggests a change to a generated NDA, the owner accepts it and the revision count rises', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const run = Date.now().toString(36);
  const reviewer = { first: 'Rita', last: 'Reviewer', email: `rita-${run}@counsel.example` };
  await loginWithPassword(page, demo().email, demo().password);
  await openNewDemoWorkspace(page, request, 'Review Ventures');
  await page.getByRole('link', { name: 'Workflows' }).click();
  await page.getByRole('tab', { name: 'Customers & Partners' }).click();
  await page.getByRole('button', { name: 'Start Mutual NDA' }).click();
  await expect(page).toHaveURL(/\/task-view$/);
  await page.getByLabel("Your signer's name", { exact: true }).fill('Dana Demo');
  await page.getByLabel("Your signer's email", { exact: true }).fill(`dana-${run}@demo.example`);
  await page.getByLabel("Other party's legal name", { exact: true }).fill('Initech LLC');
  await page.getByLabel("Other party's legal name", { exact: true }).blur();
  await page.getByLabel("Other party's signer name", { exact: true }).fill('Bill Lumbergh');
  await page.getByLabel("Other party's signer email", { exact: true }).fill(`bill-${run}@initech.example`);
  await page.getByLabel('Purpose of the disclosure', { exact: true }).fill('a pilot project');
  await page.getByLabel('Effective date', { exact: true }).fill('05/01/2026');
  await page.getByLabel('Effective date', { exact: true }).blur();
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole('button', { name: 'Submit Task' }).click();
  const submit = page.getByRole('dialog');
  // Not sent yet: it is reviewed first.
  await submit.getByLabel('Send documents for signature as soon as they are ready').uncheck();
  await submit.getByRole('button', { name: 'Submit Task' }).click();
  const nda = page.getByRole('article', { name: 'Mutual Non-Disclosure Agreement' });
  await expect(nda.getByRole('button', { name: 'Review', exact: true })).toBeVisible({ timeout: 30_000 });

  // The owner allows redlining and sets a reviewer.
  await nda.getByRole('button', { name: 'Review', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Review and redlining' });
  await modal.getByLabel('Allow redlining').click();
  await expect(page.getByText('Document Redlining Allowed')).toBeVisible();
  await expect(modal.getByLabel('Allow redlining')).toBeChecked();
  await modal.getByLabel('First name').fill(reviewer.first);
  await modal.getByLabel('Last name').fill(reviewer.last);
  await modal.getByLabel('Email').fill(reviewer.email);
  await modal.getByRole('button', { name: 'Add Reviewer' }).click();
  await modal.getByRole('button', { name: 'Set Reviewers' }).click();
  await expect(page.getByText('Document Reviewer Set.')).toBeVisible();
  await expect(
    modal.getByRole('table', { name: 'Reviewers' }).getByText('Reviewer', { exact: true }),
  ).toBeVisible();
  await expect(modal).toContainText('revision 0');

  // The reviewer selects a passage and proposes new words for it.
  const mail = await waitForMail(reviewer.email);
  const context = await browser.newContext();
  const review = await context.newPage();
  await review.goto(onBaseURL(reviewLink(mail.text), baseURL));
  const text = review.getByLabel('Document text');
  await expect(text).toContainText('a pilot project');
  // Select the words as a reader would with the mouse (a script: the e2e project has no DOM types).
  await review.evaluate(`(() => {
    const element = document.querySelector('[aria-label="Document text"]');
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent.indexOf('a pilot project');
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 'a pilot project'.length);
      window.getSelection().removeAllRanges();
      window.getSelection().addRange(range);
      element.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      return;
    }
  })()`);
  await expect(review.getByText('Selected: “a pilot project”')).toBeVisible();
  await review.getByLabel('New text').fill('a joint pilot project');
  await review.getByRole('textbox', { name: 'Comment' }).fill('Both teams take part.');
  await review.getByRole('button', { name: 'Suggest change' }).click();
  await expect(review.getByText('Both teams take part.')).toBeVisible();
  await snap(review, 'review-suggested');
  await context.close();

  // The owner sees it (the modal refreshes live), accepts it and approves: revision 1.
  const suggestion = modal
    .getByRole('group', { name: /^Suggestion by Rita Reviewer/ })
    .or(modal.getByLabel(/^Suggestion by Rita Reviewer/));
  await expect(suggestion.first()).toBeVisible({ timeout: 15_000 });
  await suggestion.first().getByRole('button', { name: 'Accept' }).click();
  await modal.getByRole('button', { name: 'Approve suggestions' }).click();
  await expect(page.getByText('Document suggestions approved.')).toBeVisible();
  await expect(modal).toContainText('revision 1');
  await snap(page, 'review-approved');
  await page.keyboard.press('Escape');
  // The group is flagged Redlining (spec 2 §4).
  await expect(page.getByText('Redlining', { exact: true })).toBeVisible();
  await expect(nda.getByText('Awaiting Approval', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
});
