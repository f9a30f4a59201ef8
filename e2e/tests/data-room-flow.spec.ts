import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { demo, demoAccountApi, newDemoWorkspace } from '../support/demo.ts';
import { onBaseURL, waitForMail } from '../support/mail.ts';
import { choose, loginWithPassword, snap } from '../support/ui.ts';

test.use({ actionTimeout: 15_000 });

const shot = (page: Page, step: string) => snap(page, `data-room-flow-${step}`);
const personalLink = (text: string) =>
  text.match(/https?:\/\/\S+\/invites\/room\/[\w-]{22}\?id=[\w-]+&code=[\w-]+/)?.[0] ?? '';

async function pdf(title: string, pages: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    doc.addPage([612, 792]).drawText(`${title}, page ${n}`, { x: 72, y: 700, size: 24, font });
  }
  return Buffer.from(await doc.save());
}

/** Draws a stroke across the signature pad. */
async function drawOn(page: Page) {
  const pad = page.getByLabel(/Draw your signature here/);
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 20 + i * 18, box.y + box.height * (0.6 + 0.25 * Math.sin(i)), { steps: 3 });
  }
  await page.mouse.up();
}

/**
 * The slow setup through the API (its screens have their own specs): a SAFE financing workflow listing
 * investors (the report table; one investor is the visitor) and an outside form, a person (the people
 * table), the deck and the NDA in a cabinet folder of their own.
 */
async function setUp(request: APIRequestContext, accountId: number, folder: string, visitor: string) {
  const { headers, post } = await demoAccountApi(request, accountId);
  const project = await post('/api/account/project_template/safe-financing/create', {});
  const transactionId = project.groupedTransactions[0].id as number;
  for (const [name, mail, amount] of [
    ['Vera Visitor', visitor, '$40,000.00'],
    ['Otto Other', `otto-${randomUUID().slice(0, 6)}@example.com`, '$15,000.00'],
  ]) {
    const resource = await post('/api/account/resource', {
      name,
      transaction_id: transactionId,
      question_id: 'investors',
    });
    for (const [key, value] of [
      ['email', mail],
      ['amount', amount],
    ])
      await post('/api/account/flat_feature', {
        transaction_id: transactionId,
        feature_type_id: key,
        resource_id: resource.id,
        value,
      });
  }
  await post('/api/account/resource', { name: 'Ada Director', resource_type_id: 2 });
  const upload = await request.post(`/api/account/storage/upload?path=${encodeURIComponent(`/${folder}`)}`, {
    headers,
    multipart: {
      deck: { name: 'Deck.pdf', mimeType: 'application/pdf', buffer: await pdf('Deck', 2) },
      nda: { name: 'Room NDA.pdf', mimeType: 'application/pdf', buffer: await pdf('Non-disclosure', 1) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  // An outside form of the workflow sent to the visitor: the workflow's room lists it to them (and only
  // them) in its Connected Form tab.
  await post(`/api/account/transaction/${transactionId}/outside`, {
    features: [{ feature_type_id: 'investors.email' }],
    name: 'Investor questionnaire',
    email: visitor,
  });
  await finishWorkflow(request, headers, transactionId, post);
  return { projectId: project.id as number, moduleId: (project.template?.module_id ?? 1) as number };
}

/**
 * Finishes the workflow as its owner would (its screens have their own specs): the questionnaire's
 * remaining required answers, Submit Form, the SAFE uploaded (signed elsewhere) rather than generated, and
 * Submit Task. The group is then closed and its one task Completed, with no signing round to wait for.
 */
async function finishWorkflow(
  request: APIRequestContext,
  headers: Record<string, string>,
  transactionId: number,
  post: Awaited<ReturnType<typeof demoAccountApi>>['post'],
) {
  const call = async (method: 'put' | 'get', url: string, data?: unknown) => {
    const res = await request[method](url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  for (const [key, value] of [
    ['valuation_cap', '$10,000,000.00'],
    ['closing_date', '03/02/2026'],
  ])
    await post('/api/account/flat_feature', { transaction_id: transactionId, feature_type_id: key, value });
  await call('put', `/api/account/transaction/${transactionId}`, { validated_questionnaire: true });
  const group = await call('get', `/api/account/transaction/${transactionId}`);
  const safe = group.tasks[0];
  await call('put', `/api/account/task/${safe.id}`, { action: 'upload' });
  const upload = await request.post(`/api/account/task/${safe.id}/upload`, {
    headers,
    multipart: { file: { name: 'SAFE.pdf', mimeType: 'application/pdf', buffer: await pdf('SAFE', 1) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await post(`/api/account/transaction/${transactionId}/finalize`, {});
  const finished = await call('get', `/api/account/transaction/${transactionId}`);
  expect(finished.open).toBe(false);
  expect(finished.tasks.map((task: { state: string }) => task.state)).toEqual(['Completed']);
}

test('an admin builds a data room, a visitor signs its NDA and reads a document, the admin sees the visit', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const visitor = `vera-${randomUUID().slice(0, 8)}@example.com`;
  const folder = `Flow ${randomUUID().slice(0, 6)}`;
  await loginWithPassword(page, demo().email, demo().password);
  await expect(page).toHaveURL(/\/c\/\d+\//);
  const accountId = await newDemoWorkspace(request, `Flow Ventures ${folder.slice(-6)}, Inc.`);
  const { projectId, moduleId } = await setUp(request, accountId, folder, visitor);
  const label = `Seed data room ${folder.slice(-6)}`;
  let roomUrl = '';

  await test.step("the admin creates the room from the workflow's navigation", async () => {
    await page.goto(`/c/${accountId}/workbench/${moduleId}/${projectId}`);
    await page
      .getByRole('navigation', { name: 'Workflow navigation' })
      .getByRole('button', { name: 'Create Room' })
      .click();
    const create = page.getByRole('dialog', { name: 'New Room' });
    await create.getByLabel('Name').fill(label);
    await create.getByRole('button', { name: 'Create Room' }).click();
    await expect(page).toHaveURL(new RegExp(`/c/${accountId}/rooms/\\d+$`));
    roomUrl = new URL(page.url()).pathname;
  });

  await test.step('the admin adds a document, a link, a people table and a report table', async () => {
    await expect(page.getByRole('heading', { name: label })).toBeVisible();
    await page.getByRole('button', { name: 'Add Document' }).click();
    const add = page.getByRole('dialog', { name: 'Add Document' });
    await add.getByRole('button', { name: folder }).click();
    await add.getByRole('button', { name: 'Deck.pdf' }).click();
    await add.getByRole('button', { name: 'Add Document' }).click();
    await expect(page.getByText('Room Document Added.')).toBeVisible();

    await page.getByRole('button', { name: 'Add Link' }).click();
    const link = page.getByRole('dialog', { name: 'Add Link' });
    await link.getByLabel('URL').fill('example.com/model');
    await link.getByRole('button', { name: 'Add Link' }).click();
    await expect(page.getByText('Room Link Updated.')).toBeVisible();

    await page.getByRole('button', { name: 'Add Table' }).click();
    const table = page.getByRole('dialog', { name: 'Add Table' });
    await table.getByLabel('Name').fill('Directors');
    await table.getByRole('combobox', { name: 'Fields' }).click();
    await page.getByRole('option', { name: 'Email', exact: true }).click();
    await page.keyboard.press('Escape');
    await table.getByRole('button', { name: 'Add Table' }).click();
    const directors = page.getByRole('region', { name: 'Directors' });
    await directors.getByRole('button', { name: 'Add Record' }).click();
    await choose(page, 'Resource', 'Ada Director');
    await page
      .getByRole('dialog', { name: 'Add Record' })
      .getByRole('button', { name: 'Add Record' })
      .click();
    await expect(directors.getByText('Ada Director')).toBeVisible();

    await page.getByRole('button', { name: 'Add Report Table' }).click();
    const report = page.getByRole('dialog', { name: 'Add Report Table' });
    await report.getByRole('combobox', { name: 'Report table' }).click();
    await page
      .getByRole('option', { name: /^Investors/ })
      .first()
      .click();
    await report.getByRole('button', { name: /^Add/ }).click();
    await expect(report).toBeHidden();
    await expect(page.getByRole('region', { name: 'Investors' }).getByText('Vera Visitor')).toBeVisible();
    await shot(page, '01-admin-room');
  });

  let invite = '';
  await test.step('the admin sets the NDA and shares a personal link by email', async () => {
    await page.goto(`${roomUrl}/settings`);
    await page.getByRole('button', { name: 'Choose NDA' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose the NDA (a PDF)' });
    await picker.getByText(folder, { exact: true }).click();
    await picker.getByText('Room NDA.pdf', { exact: true }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByText('Room NDA.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Share Personal Room Link' }).click();
    const share = page.getByRole('dialog', { name: 'Share Personal Room Link' });
    await share.getByLabel('Email').fill(visitor);
    await share.getByRole('button', { name: 'Send Link' }).click();
    await expect(page.getByText('Email with room link sent.')).toBeVisible();
    await shot(page, '02-settings');
    invite = personalLink((await waitForMail(visitor)).text);
    expect(invite).toBeTruthy();
  });

  const guest = await browser.newContext();
  const visitorPage = await guest.newPage();
  await test.step('the visitor opens the link: the NDA gate, then the signing page, then back', async () => {
    await visitorPage.goto(onBaseURL(invite, baseURL));
    await expect(visitorPage).toHaveURL(/\/data-room\/[\w-]{22}\/overview/);
    const roomPath = new URL(visitorPage.url()).pathname;
    await expect(visitorPage.getByText("Sign this room's NDA to see its documents.")).toBeVisible();
    await expect(visitorPage.getByRole('tab', { name: 'Documents' })).toBeHidden();
    await expect(visitorPage.getByText('Deck.pdf')).toBeHidden();
    await visitorPage.screenshot({ path: '/tmp/data-room-flow-nda-gate.png', fullPage: true });
    await visitorPage.getByRole('button', { name: 'Read the NDA' }).click();
    const ndaPreview = visitorPage.getByRole('dialog', { name: 'NDA' });
    await expect(ndaPreview.getByText('Page 1 of 1')).toBeVisible();
    await visitorPage.screenshot({ path: '/tmp/data-room-flow-nda-preview.png', fullPage: true });
    await ndaPreview.getByRole('button', { name: 'Close' }).click();

    await visitorPage.getByRole('button', { name: 'Sign NDA' }).click();
    await expect(visitorPage).toHaveURL(/\/sign\/[\w-]+\?return=/);
    await expect(
      visitorPage.getByRole('heading', { name: 'Consent to do business electronically' }),
    ).toBeVisible();
    await visitorPage.getByRole('button', { name: 'I agree' }).click();
    await visitorPage
      .getByRole('button', { name: /^Signature \(required\)/ })
      .first()
      .click();
    await drawOn(visitorPage);
    await visitorPage.getByRole('button', { name: 'Adopt and sign' }).click();
    await visitorPage
      .getByRole('button', { name: /^Date signed \(required\)/ })
      .first()
      .click();
    await visitorPage.getByRole('button', { name: 'Finish' }).click();
    await expect(visitorPage.getByText(/^You signed /)).toBeVisible();
    await visitorPage.getByRole('link', { name: 'Back to the room' }).click();
    await expect(visitorPage).toHaveURL(new RegExp(`${roomPath}$`));
  });

  await test.step('once the NDA is sealed the room opens: documents, report, a document page by page', async () => {
    // The gate polls until the seal lands.
    await expect(visitorPage.getByRole('tab', { name: 'Documents' })).toBeVisible({ timeout: 30_000 });
    await expect(visitorPage.getByText("Sign this room's NDA to see its documents.")).toBeHidden();
    await expect(
      visitorPage.getByRole('region', { name: 'Directors' }).getByText('Ada Director'),
    ).toBeVisible();
    // The report shows the visitor's rows.
    const investors = visitorPage.getByRole('region', { name: 'Investors' }).first();
    await expect(investors.getByText('Vera Visitor')).toBeVisible();
    await expect(visitorPage.getByRole('tab', { name: 'Reports' })).toBeVisible();
    await expect(visitorPage.getByRole('link', { name: 'https://example.com/model' })).toBeVisible();
    await visitorPage.screenshot({ path: '/tmp/data-room-flow-room-signed.png', fullPage: true });
    await shot(visitorPage, '03-visitor-room');

    await visitorPage
      .getByRole('region', { name: 'All Documents' })
      .getByRole('button', { name: 'Deck.pdf' })
      .click();
    const preview = visitorPage.getByRole('dialog', { name: 'Deck.pdf' });
    await expect(preview.getByText('Page 1 of 2')).toBeVisible();
    const recorded = visitorPage.waitForRequest((r) => r.url().endsWith('/history') && r.method() === 'POST');
    await preview.getByRole('button', { name: 'Next page' }).click();
    expect((await recorded).postDataJSON()).toMatchObject({ action: 'view', page: 1 });
    await expect(preview.getByText('Page 2 of 2')).toBeVisible();
    await preview.getByRole('button', { name: 'Close' }).click();

    // The Connected Form tab: the room's form opens under the room's code.
    await visitorPage.getByRole('tab', { name: 'Connected Form' }).click();
    await visitorPage.getByRole('link', { name: 'Investor questionnaire' }).click();
    await expect(visitorPage).toHaveURL(/\/data-room\/[\w-]{22}\/outside-form\/[\w-]{22}$/);
    await expect(visitorPage.getByText('Investor questionnaire').first()).toBeVisible();
    await shot(visitorPage, '04-visitor-form');
  });
  await guest.close();

  await test.step('the admin sees the visit in settings and in the history', async () => {
    await page.reload();
    await expect(page.getByTestId('Total Visits')).not.toHaveText('0');
    const row = page.getByTestId('room-user').filter({ hasText: visitor });
    await expect(row).toContainText('visit');
    await page.getByRole('button', { name: 'Room History' }).click();
    const history = page.getByRole('dialog', { name: `History: ${label}` });
    await expect(
      history.getByTestId('history-entry').filter({ hasText: 'Visited the room' }).first(),
    ).toBeVisible();
    await expect(history.getByTestId('history-entry').filter({ hasText: 'Signed the NDA' })).toHaveCount(1);
    await expect(history.getByTestId('history-entry').filter({ hasText: 'Viewed' }).first()).toBeVisible();
    await expect(history.getByTestId('history-entry').filter({ hasText: 'Opened a form' })).toHaveCount(1);
    await shot(page, '05-history');
  });

  await test.step('the Rooms page loads the data room’s details when asked: the visit shows', async () => {
    await page.goto(`/c/${accountId}/rooms`);
    const row = page.getByRole('row', { name: new RegExp(label) });
    await expect(row.getByText('1 document · 1 link · 1 table')).toBeVisible();
    // A data room is not a report or deal room: its details wait for the user.
    await row.getByRole('button', { name: `Load details of ${label}` }).click();
    await expect(row.getByText('0 requiring signature')).toBeVisible();
    await expect(row.getByText(/^Last visit /)).toBeVisible();
    await page.screenshot({ path: '/tmp/journey-rooms-page.png', fullPage: true });
  });
});
