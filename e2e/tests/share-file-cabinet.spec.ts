import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { demo, demoAccountApi, newDemoWorkspace } from '../support/demo.ts';
import { loginWithPassword, snap } from '../support/ui.ts';

async function pdf(text: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 18, font });
  return Buffer.from(await doc.save());
}

test('Share File Cabinet: an admin creates the link, a visitor browses a folder and opens a file', async ({
  page,
  browser,
  request,
}) => {
  // A workspace of its own, with a folder and a file in it (the cabinet's own spec tests uploads).
  const accountId = await newDemoWorkspace(request, `Shared Cabinet ${Date.now()}, Inc.`);
  const { headers, post } = await demoAccountApi(request, accountId);
  await post('/api/account/storage/folder', { path: '/Closing Set' });
  const upload = await request.post(
    `/api/account/storage/upload?path=${encodeURIComponent('/Closing Set')}`,
    {
      headers,
      multipart: {
        file: { name: 'Stock Purchase.pdf', mimeType: 'application/pdf', buffer: await pdf('SPA') },
      },
    },
  );
  expect(upload.status(), await upload.text()).toBe(201);

  const { email, password } = demo();
  await loginWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/c\/\d+\//);
  await page.goto(`/c/${accountId}/home`);
  await page.getByRole('link', { name: 'Share File Cabinet' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${accountId}/1/share-data-room$`));
  await expect(page.getByRole('heading', { name: 'Share File Cabinet' })).toBeVisible();
  await expect(page.getByText('No file cabinet link yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create/Extend Link' }).click();
  await expect(page.getByText('Data Room link created/extended')).toBeVisible();
  const first = (await page.getByTestId('cabinet-link-url').textContent()) ?? '';
  expect(first).toMatch(/\/shared-cabinet\/[A-Za-z0-9_-]{22}$/);

  // New Link (after its confirm): the old url dies.
  await page.getByRole('button', { name: 'New Link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create New Link' }).click();
  await expect(page.getByText('New Data Room link created')).toBeVisible();
  await expect(page.getByTestId('cabinet-link-url')).not.toHaveText(first);
  const url = (await page.getByTestId('cabinet-link-url').textContent()) ?? '';
  await snap(page, 'share-file-cabinet');
  await page.screenshot({ path: '/tmp/cabinet-share-admin.png', fullPage: true });

  // A visitor with nothing but the link, in a browser of their own.
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await guest.goto(first);
  await expect(guest.getByText('This link has expired or is no longer available.')).toBeVisible();
  await guest.goto(url);
  await guest.getByRole('button', { name: 'Open folder Closing Set' }).click();
  await expect(guest).toHaveURL(/path=%2FClosing(\+|%20)Set|path=\/Closing/);
  await expect(guest.getByRole('navigation', { name: 'Folder path' })).toContainText('Closing Set');
  await snap(guest, 'shared-cabinet-visitor');
  await guest.screenshot({ path: '/tmp/cabinet-share-visitor.png', fullPage: true });
  const opened = guest.waitForEvent('popup');
  await guest.getByRole('button', { name: 'Open file Stock Purchase.pdf' }).click();
  const tab = await opened;
  await tab.waitForURL(/\/api\/public\/file\//);
  expect(tab.url()).toMatch(/\/api\/public\/file\/[A-Za-z0-9_-]+$/);
  // Nothing above the link's root is reachable.
  const climb = await guest.request.get(
    `/api/unlisted/account/storage/folder?access_code=${url.split('/').at(-1)}&path=${encodeURIComponent('/../..')}`,
  );
  expect(climb.status()).toBe(400);
  await visitor.close();
});
