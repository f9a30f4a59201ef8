import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { dataDir } from '../playwright.config.ts';
import { onBaseURL, waitForMail } from '../support/mail.ts';

type Demo = { email: string; password: string };
const demo = () => JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as Demo;
const screens = '/tmp';
const snap = (page: import('@playwright/test').Page, name: string) =>
  page.screenshot({ path: path.join(screens, `room-visitors-${name}.png`), fullPage: true });

async function twoPagePdf(title: string) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) {
    pdf.addPage([612, 792]).drawText(`${title}, page ${n}`, { x: 72, y: 700, size: 24, font });
  }
  return Buffer.from(await pdf.save());
}

/** The demo workspace's owner, through the API: an access token for their first workspace. */
async function ownerToken(request: APIRequestContext) {
  const { email, password } = demo();
  const basic = Buffer.from(`${email}:${password}`).toString('base64');
  const session = await request.post('/api/authn/session/credentials', {
    headers: { authorization: `Basic ${basic}` },
  });
  const idToken = (await session.json()).id_token as string;
  const accounts = (await (
    await request.get('/api/user/accounts', { headers: { authorization: `Bearer ${idToken}` } })
  ).json()) as { id: number }[];
  const token = await request.post('/api/authn/access_token', {
    headers: { authorization: `Bearer ${idToken}` },
    data: { account_id: accounts[0].id },
  });
  return `Bearer ${(await token.json()).access_token as string}`;
}

/** An open room with one two-page PDF, made as an admin would; its id and general code. */
async function openRoomWithDocument(request: APIRequestContext, authorization: string, label: string) {
  const base = '/api/account/admin/room';
  const created = await request.post(base, {
    headers: { authorization },
    data: { label, type: 'data-room' },
  });
  expect(created.status()).toBe(201);
  const room = (await created.json()) as { id: number };
  const opened = await request.put(`${base}/${room.id}`, {
    headers: { authorization },
    data: { open: true },
  });
  expect(opened.ok()).toBe(true);
  const upload = await request.post(`${base}/${room.id}/document/upload`, {
    headers: { authorization },
    multipart: {
      file: { name: 'term-sheet.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf('Term sheet') },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const link = (await (
    await request.get(`${base}/${room.id}/code-link`, { headers: { authorization } })
  ).json()) as {
    code: string;
  };
  return { id: room.id, code: link.code };
}

test('an anonymous visitor opens an open room, previews a page; a personal link is redeemed once', async ({
  browser,
  request,
  baseURL,
}) => {
  const authorization = await ownerToken(request);
  const label = `Series A data room ${Date.now().toString(36)}`;
  const room = await openRoomWithDocument(request, authorization, label);

  // A stranger in a fresh browser: no sign-in, only the link.
  const anonymous = await browser.newContext();
  const page = await anonymous.newPage();
  await page.goto(`/data-room/${room.code}`);
  await expect(page).toHaveURL(new RegExp(`/data-room/${room.code}/overview$`));
  await expect(page.getByRole('heading', { name: label })).toBeVisible();
  const allDocuments = page.getByRole('region', { name: 'All Documents' });
  await expect(allDocuments).toBeVisible();
  await snap(page, 'room');
  // The Documents tab offers preview and download (the room is not read-only).
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();

  await allDocuments.getByRole('button', { name: 'term-sheet.pdf' }).click();
  const dialog = page.getByRole('dialog', { name: 'term-sheet.pdf' });
  await expect(dialog.getByText('Page 1 of 2')).toBeVisible();
  await snap(page, 'preview');
  // Turning the page records the view of page 1 with the seconds spent on it.
  const recorded = page.waitForRequest(
    (r) => r.url().endsWith(`/api/guest/rooms/${room.code}/history`) && r.method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Next page' }).click();
  const entry = (await recorded).postDataJSON();
  expect(entry).toMatchObject({ action: 'view', page: 1 });
  // Ids and numbers only: the history's words are the server's.
  expect(entry).not.toHaveProperty('label');
  await expect(dialog.getByText('Page 2 of 2')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The anonymous visitor proves an email with the emailed 8-character code.
  const verified = `verified-${Date.now().toString(36)}@example.com`;
  await page.getByLabel('Verify your email').fill(verified);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your verification code' })).toBeVisible();
  await page.getByLabel('Verification code').fill('ABC');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('must be 8 characters')).toBeVisible();
  await snap(page, 'verify-code');
  const codeMail = await waitForMail(verified);
  const secret = codeMail.text.match(/: ([A-Z2-9]{8})\n/)?.[1] ?? '';
  await page.getByLabel('Verification code').fill(secret);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`/data-room/${room.code}/overview$`));
  await expect(page.getByText(verified)).toBeVisible();
  await anonymous.close();

  // A personal link, emailed by the room's settings.
  const invited = `investor-${Date.now().toString(36)}@example.com`;
  const shared = await request.post(`/api/account/admin/room/${room.id}/code`, {
    headers: { authorization },
    data: { identifier: { type: 'email', value: invited } },
  });
  expect(shared.ok(), await shared.text()).toBe(true);
  const mail = await waitForMail(invited);
  const link = onBaseURL(mail.text.match(/https?:\/\/\S+\/invites\/room\/\S+/)?.[0] ?? '', baseURL);
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(link);
  await expect(guestPage).toHaveURL(new RegExp(`/data-room/${room.code}/overview$`));
  await expect(guestPage.getByRole('heading', { name: label })).toBeVisible();
  await expect(guestPage.getByText(invited)).toBeVisible();
  await snap(guestPage, 'invited');

  // The same link again (another browser): the room with the limited-access notice.
  const again = await browser.newContext();
  const againPage = await again.newPage();
  await againPage.goto(link);
  await expect(againPage).toHaveURL(new RegExp(`/data-room/${room.code}/overview$`));
  await expect(
    againPage.getByText(
      'Link has been used before or expired, redirected to room with limited access. Sign in for full access.',
    ),
  ).toBeVisible();
  await snap(againPage, 'reused');
  await guest.close();
  await again.close();

  // Sign-in Required: an anonymous browser gets the prompt.
  const signIn = await request.put(`/api/account/admin/room/${room.id}`, {
    headers: { authorization },
    data: { require_auth: true },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const outsider = await browser.newContext();
  const outsiderPage = await outsider.newPage();
  await outsiderPage.goto(`/data-room/${room.code}`);
  await expect(
    outsiderPage.getByText('This room link requires you to Sign In to view this data room.'),
  ).toBeVisible();
  await expect(outsiderPage.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await snap(outsiderPage, 'sign-in');
  await outsider.close();

  // A revoked or unknown code.
  const lost = await browser.newContext();
  const lostPage = await lost.newPage();
  await lostPage.goto(`/data-room/${'x'.repeat(22)}`);
  await expect(
    lostPage.getByRole('heading', { name: 'This room link is no longer available.' }),
  ).toBeVisible();
  await expect(lostPage.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  await snap(lostPage, 'revoked');
  await lost.close();
});
