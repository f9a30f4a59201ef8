import fs from 'node:fs';
import path from 'node:path';
import { ROOM_MESSAGES } from '@charter/domain/rooms/constants';
import { SIGNING_LINK_INVALID } from '@charter/domain/signing/messages';
import { expect, test } from '@playwright/test';
import { describeInitialJs, initialJs, webDist } from '../../packages/web/scripts/bundle-size.ts';
import { snap } from '../support/ui.ts';

const manifest = () =>
  JSON.parse(fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;

test('the initial JavaScript of the staff app, the staff console and visitor pages stays within its budget', () => {
  const sizes = initialJs();
  console.log(describeInitialJs(sizes));
  expect(sizes.map((s) => s.page).sort()).toEqual(['index.html', 'staff.html', 'visitor.html']);
  for (const size of sizes) expect(size.gzipBytes, size.page).toBeLessThanOrEqual(size.budget);
});

test('hashed assets are served precompressed and cached for good; pages revalidate; no source maps', async ({
  request,
}) => {
  const entry = `/${manifest()['index.html'].file}`;
  for (const encoding of ['br', 'gzip']) {
    const response = await request.get(entry, { headers: { 'accept-encoding': encoding } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-encoding']).toBe(encoding);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers().vary).toMatch(/accept-encoding/i);
  }
  // The map is built (for whoever runs the server) but never served.
  expect(fs.existsSync(path.join(webDist, `${entry}.map`))).toBe(true);
  expect((await request.get(`${entry}.map`)).status()).toBe(404);

  const login = await request.get('/login');
  expect(login.headers()['cache-control']).toBe('no-cache');
  expect(await login.text()).toContain(entry);
});

test('a visitor link loads the visitor app, not the staff app', async ({ page }) => {
  const { 'index.html': staff, 'visitor.html': visitor } = manifest();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // A signing link that names nothing: the signing page says so.
  await page.goto('/sign/3f9a');
  await expect(page.getByRole('heading', { name: SIGNING_LINK_INVALID })).toBeVisible();
  // A room link that names nothing is a revoked room (spec 3 §4); a form code of the wrong shape, invalid.
  await page.goto('/data-room/ABCD1234/overview');
  await expect(page.getByRole('heading', { name: ROOM_MESSAGES.revoked })).toBeVisible();
  await page.goto('/outside-form/XYZ');
  await expect(page.getByRole('heading', { name: 'This link is invalid or has expired.' })).toBeVisible();
  await snap(page, 'visitor-invalid-link');
  expect(scripts).toContain(`/${visitor.file}`);
  expect(scripts).not.toContain(`/${staff.file}`);
});
