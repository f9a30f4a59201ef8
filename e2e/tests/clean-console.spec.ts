import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { demo, demoAccountApi, newDemoWorkspace } from '../support/demo.ts';
import { onBaseURL, waitForMail } from '../support/mail.ts';
import { loginWithPassword } from '../support/ui.ts';

/**
 * Every page of the spec's route list, opened in a clean browser (no cache, no storage), loads without a
 * console error or warning, a page error or a CSP violation: no 401 from a session probe on a signed-out
 * page, no eval probe refused by the CSP, no router warning. A new message here is a bug to fix, not a
 * line to allow.
 */

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/c0ffee',
  '/verify-code/magic-link',
  '/terms',
  '/privacy',
  '/verify',
];

const SIGNED_IN_PAGES = [
  'home',
  'workflows',
  'tasks',
  'submitted-tasks',
  'documents',
  'cabinet',
  'rooms',
  'reports',
  'dashboard',
  'teams',
  'company-select',
  'charter-partners',
  'settings/profile',
  'settings/members',
  'settings/billing',
  'settings/subscriptions',
  'user-settings/profile',
  'plans',
];

/** Console errors and warnings, uncaught errors and CSP violations of one page, as they happen. */
function listen(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      const where = message.location().url;
      problems.push(`console ${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A navigation away aborts what the page was loading: not the page's fault.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return problems;
}

/** Reports a CSP violation as a console error: Chromium logs most, but a caught one only as an event. */
async function reportCspViolations(page: Page) {
  // A script's text: it runs in the page, where this file's Node types do not reach.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      console.error('CSP violation: ' + event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline')));`,
  });
}

/** Opens `url` as a first visit and waits until the page has drawn its heading and stopped loading. */
async function load(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading').first(), url).toBeVisible({ timeout: 30_000 });
}

async function expectCleanLoads(browser: Browser, urls: string[], signIn?: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (signIn) await signIn(page);
  await reportCspViolations(page);
  const found: string[] = [];
  for (const url of urls) {
    const problems = listen(page);
    await load(page, url);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
    page.removeAllListeners('requestfailed');
    found.push(...problems.map((problem) => `${url}: ${problem}`));
  }
  await context.close();
  expect(found).toEqual([]);
}

/** A one-page agreement whose text tags give a Client a signature and a date. */
async function taggedPdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Consulting Agreement', { x: 72, y: 700, size: 18, font });
  page.drawText('Client: {{sign:Client}}   Date: {{date:Client}}', { x: 72, y: 150, size: 11, font });
  return Buffer.from(await pdf.save());
}

/** A room open to its link, a document out for signature and a shared form, made through the API. */
async function visitorLinks(request: APIRequestContext, baseURL: string | undefined) {
  const accountId = await newDemoWorkspace(request, `Clean Console ${randomUUID().slice(0, 6)}, Inc.`);
  const { headers, post } = await demoAccountApi(request, accountId);
  const ok = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };

  const room = await post('/api/account/admin/room', { label: 'Clean Console Room', type: 'data-room' });
  await ok(
    await request.post(`/api/account/admin/room/${room.id}/document/upload`, {
      headers,
      multipart: { file: { name: 'Deck.pdf', mimeType: 'application/pdf', buffer: await taggedPdf() } },
    }),
  );
  await ok(await request.put(`/api/account/admin/room/${room.id}`, { headers, data: { open: true } }));
  const { code } = (await ok(
    await request.get(`/api/account/admin/room/${room.id}/code-link`, { headers }),
  )) as { code: string };

  const [file] = (await ok(
    await request.post('/api/account/storage/upload?path=/Clean Console', {
      headers,
      multipart: { file: { name: 'Agreement.pdf', mimeType: 'application/pdf', buffer: await taggedPdf() } },
    }),
  )) as { id: number }[];
  const draft = await post('/api/account/signing/documents', { file_id: file.id });
  const signer = `clean-${randomUUID().slice(0, 8)}@example.com`;
  await post('/api/account/document_history/email_recipient', {
    document_id: draft.document.id,
    email: signer,
    metadata: { name: 'Zoë Dvořák', role: 'Signer', party: 'Client', order: 1 },
  });
  await post(`/api/account/signing/documents/${draft.document.id}/send`, {});
  const mail = await waitForMail(signer);
  const signing = mail.text.match(/https?:\/\/\S+\/sign\/[A-Za-z0-9_-]+/)?.[0] ?? '';

  const project = await post('/api/account/project_template/mutual-nda/create', {});
  const shared = await post(`/api/account/transaction/${project.groupedTransactions[0].id}/outside`, {
    name: 'NDA details',
    features: [{ feature_type_id: 'counterparty' }, { feature_type_id: 'purpose' }],
  });
  return {
    accountId,
    urls: [
      `/data-room/${code}/overview`,
      new URL(onBaseURL(signing, baseURL)).pathname,
      new URL(shared.form.link).pathname,
    ],
  };
}

test('public pages and visitor links load without a console error, a warning or a CSP violation', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { urls } = await visitorLinks(request, baseURL);
  await expectCleanLoads(browser, [...PUBLIC_PAGES, ...urls]);
});

test('signed-in pages load without a console error, a warning or a CSP violation', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const accountId = await newDemoWorkspace(request, `Clean Pages ${randomUUID().slice(0, 6)}, Inc.`);
  await expectCleanLoads(
    browser,
    SIGNED_IN_PAGES.map((section) => `/c/${accountId}/${section}`),
    async (page) => {
      await loginWithPassword(page, demo().email, demo().password);
      await expect(page).toHaveURL(/\/c\/\d+\/home$/);
    },
  );
});
