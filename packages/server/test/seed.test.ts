import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, partners, users } from '../src/db/schema/index.ts';
import { DEMO_EMAIL, DEMO_PARTNER_CODE, seedDemo } from '../src/seed.ts';
import { DEMO_DOCUMENTS, DEMO_DOCUMENTS_FOLDER } from '../src/seed-demo-documents.ts';
import { DEMO_COUNSEL_EMAIL } from '../src/seed-demo-partner.ts';
import { accessToken, type Json, login } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

const DAY_MS = 86_400_000;

describe('the demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    // On PostgreSQL the test database is the one the e2e server seeds its own demo user into next.
    const [demo] = await t.ctx.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    await t.ctx.db.delete(users).where(eq(users.email, DEMO_COUNSEL_EMAIL));
    await t.ctx.db.delete(partners).where(eq(partners.slug, 'demo-counsel'));
    if (demo) {
      await t.ctx.db.delete(accounts).where(eq(accounts.createdBy, demo.id));
      await t.ctx.db.delete(users).where(eq(users.id, demo.id));
    }
    await t.close();
  });

  it('creates the demo user once, with a workspace holding earlier documents as PDFs', async () => {
    const first = await seedDemo(t.ctx);
    expect(await seedDemo(t.ctx)).toEqual(first); // a second start finds it
    // A new DATA_DIR beside a database that kept the user: a new password, and it is the one that works.
    fs.rmSync(path.join(t.config.dataDir, 'demo-credentials.json'));
    const demo = await seedDemo(t.ctx);
    expect(demo.password).not.toBe(first.password);
    await expect(login(t, demo.email, first.password)).rejects.toThrow('login failed');
    const { idToken } = await login(t, demo.email, demo.password);
    const workspaces = await t.app.inject({
      url: '/api/user/accounts',
      headers: { authorization: `Bearer ${idToken}` },
    });
    const [workspace] = workspaces.json() as Json[];
    const bearer = `Bearer ${await accessToken(t, idToken, workspace.id)}`;
    const get = async (url: string) => t.app.inject({ url, headers: { authorization: bearer } });

    const history = (await get('/api/account/document_history')).json() as Json[];
    expect(history.map((d) => d.label).sort()).toEqual(DEMO_DOCUMENTS.map((d) => d.label).sort());
    for (const expected of DEMO_DOCUMENTS) {
      const row = history.find((d) => d.label === expected.label) as Json;
      const age = (Date.now() - new Date(row.completed_at).getTime()) / DAY_MS;
      expect(Math.round(age)).toBe(expected.daysAgo);
      expect(row.status).toBe(expected.uploaded ? null : 'document.completed');
      const file = await get(`/api/account/box/file/${row.box_file_id}`);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const folder = (
      await get(`/api/account/storage/folder?path=${encodeURIComponent(DEMO_DOCUMENTS_FOLDER)}`)
    ).json();
    expect(folder.files).toHaveLength(DEMO_DOCUMENTS.length);

    // The demo partner: the demo user runs its team, and any workspace connects with its code.
    const teams = await t.app.inject({
      url: '/api/user/team',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect((teams.json() as Json[]).map((x) => [x.name, x.code, x.role_id])).toEqual([
      ['Northwind Legal', DEMO_PARTNER_CODE, 1],
    ]);
    const lookup = await t.app.inject({ url: `/api/public/partner/code/${DEMO_PARTNER_CODE}` });
    expect(lookup.json()).toEqual({ name: 'Northwind Legal' });
  });

  it("adds a demo partner whose member acts on the demo workspace's to-dos from the team view", async () => {
    const demo = await seedDemo(t.ctx);
    const dana = await login(t, demo.email, demo.password);
    const [workspace] = (
      await t.app.inject({ url: '/api/user/accounts', headers: { authorization: `Bearer ${dana.idToken}` } })
    ).json() as Json[];
    const danaAccess = `Bearer ${await accessToken(t, dana.idToken, workspace.id)}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/account/project_template/board-consent/create',
      headers: { authorization: danaAccess },
      payload: { label: 'Seeded consent' },
    });
    expect(created.statusCode).toBe(201);
    // The demo password signs the counsel in; the demo workspace is their partner's client.
    const counsel = await login(t, DEMO_COUNSEL_EMAIL, demo.password);
    const todos = (
      await t.app.inject({
        url: '/api/user/recommendation',
        headers: { authorization: `Bearer ${counsel.idToken}` },
      })
    ).json() as Json[];
    expect(todos.find((todo) => todo.transaction.project_label === 'Seeded consent')?.account).toEqual({
      id: workspace.id,
      name: workspace.company_name,
      member: false,
    });
  });
});
