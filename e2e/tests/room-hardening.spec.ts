import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { demo, demoAccountApi, newDemoWorkspace } from '../support/demo.ts';
import { confirmationCode, waitForMail } from '../support/mail.ts';
import { loginWithPassword, passwordBox, snap } from '../support/ui.ts';

/**
 * Issue 22 in a data room, in Chromium: a Sign-in Required room brings its visitor back after sign-in
 * or registration; a phone-sized preview that fits; Download wherever documents are listed; a Private
 * room that does not ask outsiders to sign in; no empty tables for visitors; the owner's chart and
 * completion; hidden (never erased) history; /verify-code/{template} opened directly.
 */
const shot = (page: Page, step: string) => snap(page, `room-hardening-${step}`);
const unique = () => randomUUID().slice(0, 8);
const PRIVATE = 'This room is private. Ask the person who shared it with you for a personal link.';

async function pdf(title: string, pages: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    doc.addPage([612, 792]).drawText(`${title}, page ${n}`, { x: 72, y: 700, size: 24, font });
  }
  return Buffer.from(await doc.save());
}

/** A room of a workspace of its own (the demo admin's), with this access and optionally a 2-page PDF. */
async function makeRoom(
  request: APIRequestContext,
  access: { open?: boolean; require_auth?: boolean },
  withDocument = false,
) {
  const accountId = await newDemoWorkspace(request, `Hardening ${unique()}, Inc.`);
  const { headers, post } = await demoAccountApi(request, accountId);
  const label = `Room ${unique()}`;
  const room = (await post('/api/account/admin/room', { label, type: 'data-room' })) as { id: number };
  const base = `/api/account/admin/room/${room.id}`;
  if (access.open) {
    const opened = await request.put(base, { headers, data: { open: true } });
    expect(opened.ok(), await opened.text()).toBe(true);
  }
  if (access.require_auth) {
    const signIn = await request.put(base, { headers, data: { require_auth: true } });
    expect(signIn.ok(), await signIn.text()).toBe(true);
  }
  if (withDocument) {
    const upload = await request.post(`${base}/document/upload`, {
      headers,
      multipart: {
        file: { name: 'term-sheet.pdf', mimeType: 'application/pdf', buffer: await pdf('Term sheet', 2) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
  }
  const link = await request.get(`${base}/code-link`, { headers });
  const { code } = (await link.json()) as { code: string };
  return { accountId, roomId: room.id, label, code, headers, base };
}

async function stranger(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return { context, page: await context.newPage() };
}

test('a Sign-in Required room brings its visitor back after they sign in', async ({ browser, request }) => {
  const room = await makeRoom(request, { open: true, require_auth: true });
  // Someone with an account of their own (not of the room's workspace).
  const email = `visitor-${unique()}@example.com`;
  const password = 'visitor password 1';
  const made = await request.post('/api/authn/session/credentials', {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
    data: { email, password, first_name: 'Vic', family_name: 'Visitor', create: true, tos: true },
  });
  expect(made.ok(), await made.text()).toBe(true);

  const { context, page } = await stranger(browser);
  await page.goto(`/data-room/${room.code}`);
  await expect(
    page.getByText('This room link requires you to Sign In to view this data room.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await passwordBox(page).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/data-room/${room.code}/overview$`));
  await expect(page.getByRole('heading', { name: room.label })).toBeVisible();
  await shot(page, 'signed-in-back-in-room');
  await context.close();
});

test('a Sign-in Required room brings its visitor back after they register and confirm', async ({
  browser,
  request,
}) => {
  const room = await makeRoom(request, { open: true, require_auth: true });
  const email = `newcomer-${unique()}@example.com`;
  const { context, page } = await stranger(browser);
  await page.goto(`/data-room/${room.code}`);
  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=/);
  await page.getByLabel('First Name').fill('Nia');
  await page.getByLabel('Last Name').fill('Newcomer');
  await page.getByLabel('Email').fill(email);
  await passwordBox(page).fill('newcomer password 1');
  await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
  // No workspace of their own: the account only (the button says so).
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  const code = confirmationCode(await waitForMail(email));
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(new RegExp(`/data-room/${room.code}/overview$`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: room.label })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await context.close();
});

test('on a phone the preview fits, Download is on every list of documents, empty tables stay hidden', async ({
  browser,
  request,
}) => {
  const room = await makeRoom(request, { open: true }, true);
  // An overview table with no records: its admins see it, visitors do not.
  const choices = await request.get('/api/account/feature?resource_type_id=2', { headers: room.headers });
  const fields = ((await choices.json()) as { key: string; label: string; type: string }[]).slice(0, 1);
  const table = await request.post(`${room.base}/feature`, {
    headers: room.headers,
    data: { kind: 'table', resource_type_id: 2, label: 'Board Members', fields },
  });
  expect(table.ok(), await table.text()).toBe(true);

  const { context, page } = await stranger(browser, { width: 390, height: 844 });
  await page.goto(`/data-room/${room.code}`);
  await expect(page.getByRole('heading', { name: room.label })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Board Members' })).toHaveCount(0);
  await expect(page.getByText('Board Members')).toHaveCount(0);
  const allDocuments = page.getByRole('region', { name: 'All Documents' });
  await expect(allDocuments.getByRole('button', { name: 'Download' })).toBeVisible();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Download' })).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();

  await allDocuments.getByRole('button', { name: 'term-sheet.pdf' }).click();
  const dialog = page.getByRole('dialog', { name: 'term-sheet.pdf' });
  await expect(dialog.getByText('Page 1 of 2')).toBeVisible();
  const canvas = dialog.getByRole('img', { name: 'Page 1 of 2' }).or(dialog.locator('canvas'));
  await expect(canvas.first()).toBeVisible();
  await shot(page, 'phone-preview');
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  for (const box of [await dialog.boundingBox(), await canvas.first().boundingBox()]) {
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  await context.close();
});

test('a Private room tells an outsider it is private, without asking them to sign in', async ({
  browser,
  request,
}) => {
  const room = await makeRoom(request, {});
  const { context, page } = await stranger(browser);
  await page.goto(`/data-room/${room.code}`);
  await expect(page.getByRole('heading', { name: 'Private room' })).toBeVisible();
  await expect(page.getByText(PRIVATE)).toBeVisible();
  await expect(page.getByText(/sign in/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /sign in/i })).toHaveCount(0);
  await shot(page, 'private');
  await context.close();
});

test("the owner's chart, completion and history: no visit before any, a page count, entries hidden not erased", async ({
  browser,
  page,
  request,
}) => {
  const room = await makeRoom(request, { open: true }, true);
  const { email, password } = demo();
  await loginWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/c\/\d+\//);
  const settings = `/c/${room.accountId}/rooms/${room.roomId}/settings`;
  await page.goto(settings);
  // The settings page of a workspace the app has not opened yet: give its first load time.
  await expect(page.getByRole('heading', { name: 'Settings & Sharing', level: 3 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('visits-scale')).toHaveText('No visits yet.');
  await expect(page.getByText('1 visits')).toHaveCount(0);

  // A visitor reads page 1 of the 2-page document, then closes it.
  const { context, page: visitor } = await stranger(browser);
  await visitor.goto(`/data-room/${room.code}`);
  await visitor
    .getByRole('region', { name: 'All Documents' })
    .getByRole('button', { name: 'term-sheet.pdf' })
    .click();
  const dialog = visitor.getByRole('dialog', { name: 'term-sheet.pdf' });
  await expect(dialog.getByText('Page 1 of 2')).toBeVisible({ timeout: 30_000 });
  const recorded = visitor.waitForResponse(
    (r) => r.url().endsWith(`/api/guest/rooms/${room.code}/history`) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect((await recorded).status()).toBe(204);
  await context.close();

  await page.reload();
  await expect(page.getByTestId('visits-scale')).toHaveText('1 visit', { timeout: 30_000 });
  // Completion: 1 page seen of the document's 2, not of the highest page seen.
  await expect(page.getByRole('cell', { name: '50% (1/2)' })).toBeVisible();
  await shot(page, 'analytics');

  await page.getByRole('button', { name: 'Room History' }).click();
  const history = page.getByRole('dialog', { name: `History: ${room.label}` });
  const viewed = history.getByTestId('history-entry').filter({ hasText: 'Viewed' });
  await expect(viewed).toContainText('term-sheet.pdf · Page 1');
  await viewed.getByRole('button', { name: 'Hide entry' }).click();
  await expect(viewed).toHaveCount(0);
  await expect(history.getByTestId('history-entry')).toContainText('Visited the room');
  await history.getByRole('checkbox', { name: 'Show hidden entries' }).check();
  const hidden = history.getByTestId('history-entry').filter({ hasText: 'Viewed' });
  await expect(hidden).toContainText('Hidden');
  await expect(hidden.getByRole('button', { name: 'Hide entry' })).toHaveCount(0);
  await shot(page, 'history-hidden');
});

test('/verify-code/{template} opened directly is the page it names', async ({ page }) => {
  // The sign-in code of the staff app, not the data room's page.
  await page.goto('/verify-code/magic-link');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('No code was requested in this browser.')).toBeVisible();
  await expect(page.getByText('Go to Room')).toHaveCount(0);
  await page.goto('/verify-code/verification-email');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  // A room visitor's code page opened without its room and challenge: a clear error, not a dead form.
  await page.goto('/verify-code/room-visitor');
  await expect(page.getByRole('heading', { name: 'This link is invalid or has expired.' })).toBeVisible();
  await shot(page, 'verify-code');
});
