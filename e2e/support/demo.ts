import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';

/** The demo admin the server seeded for this run (email and password). */
export const demo = (): { email: string; password: string } =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));

/** The demo admin's sign-in (an id token), for the API calls of a spec's setup. */
export async function demoIdToken(request: APIRequestContext): Promise<string> {
  const { email, password } = demo();
  const session = await request.post('/api/authn/session/credentials', {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  return (await session.json()).id_token;
}

/**
 * A workspace of the demo admin's own for one spec: what it adds (investors, people, rooms) stays out of
 * the demo workspace the other specs read (report tables, resource pickers).
 */
export async function newDemoWorkspace(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.post('/api/user/accounts', {
    headers: { authorization: `Bearer ${await demoIdToken(request)}` },
    data: { company_name: name, features: [{ feature_type_id: 881, value: 'For-profit Company' }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).account_id;
}

/** The demo admin's API in one workspace: its headers, and a POST that fails the test on a refusal. */
export async function demoAccountApi(request: APIRequestContext, accountId: number) {
  const token = await request.post('/api/authn/access_token', {
    headers: { authorization: `Bearer ${await demoIdToken(request)}` },
    data: { account_id: accountId },
  });
  const headers = { authorization: `Bearer ${(await token.json()).access_token}` };
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  return { headers, post };
}

/**
 * For a spec signed in as the demo admin: a new workspace of theirs (named `prefix` plus a unique mark),
 * opened at its home, so that what the spec does stays out of the demo workspace the others share.
 */
export async function openNewDemoWorkspace(page: Page, request: APIRequestContext, prefix: string) {
  await expect(page).toHaveURL(/\/c\/\d+\//);
  const accountId = await newDemoWorkspace(
    request,
    `${prefix} ${Date.now() % 1_000_000_000}${Math.floor(Math.random() * 100)}, Inc.`,
  );
  await page.goto(`/c/${accountId}/home`);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  return accountId;
}
