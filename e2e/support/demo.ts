import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
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
