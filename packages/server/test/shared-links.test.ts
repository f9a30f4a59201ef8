import { SHARED_LINK_MESSAGES } from '@charter/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, memberships, sharedLinks } from '../src/db/schema/index.ts';
import { NO_CABINET_ACCESS } from '../src/modules/cabinet/policies.ts';
import { ROOT_FOLDER_MISSING } from '../src/modules/shared-links/save-shared-link.ts';
import { accessToken, accountCaller, type Json, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { PDF, uploadAs } from './support/workspace-rows.ts';

const DAY = 24 * 60 * 60 * 1000;
const codeOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('Share File Cabinet: /api/account/shared_link and the unlisted storage routes', () => {
  let t: TestApp;
  let owner: SignedIn;
  let member: SignedIn;
  let noCabinet: SignedIn;
  let stranger: SignedIn;
  const call = accountCaller(() => t);
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as Json, raw: res };
  };
  const folder = (code: string, path: string) =>
    get(`/api/unlisted/account/storage/folder?access_code=${encodeURIComponent(code)}&path=${path}`);
  const token = (code: string, fileId: number) =>
    get(`/api/unlisted/storage/token?access_code=${encodeURIComponent(code)}&file_id=${fileId}`);
  const expectGone = (res: { status: number; body: Json }) => {
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(SHARED_LINK_MESSAGES.gone);
  };
  /** A member of the owner's workspace, admin or not, with or without the cabinet. */
  const joinOwner = async (cabinet: boolean) => {
    const who = await signedIn(t, { company: null });
    const accountId = owner.account!.id;
    await t.ctx.db
      .insert(memberships)
      .values({ userId: who.user.id, accountId, isAdmin: false, filecabinetAccess: cabinet });
    const access = await accessToken(t, who.idToken, accountId);
    return { ...who, access, accountBearer: `Bearer ${access}` };
  };
  const fileIds: Record<string, number> = {};
  const put = async (who: SignedIn, path: string, name: string) => {
    await call(who, 'POST', '/api/account/storage/folder', { path });
    const res = await uploadAs(t, who, `/api/account/storage/upload?path=${encodeURIComponent(path)}`, [
      { filename: name, content: PDF },
    ]);
    expect(res.status).toBe(201);
    fileIds[`${path}/${name}`] = res.body[0].id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t);
    stranger = await signedIn(t);
    member = await joinOwner(true);
    noCabinet = await joinOwner(false);
    await put(owner, '/Deal', 'Term Sheet.pdf');
    await put(owner, '/Deal/Diligence', 'Cap Table.pdf');
    await put(owner, '/Secret', 'Payroll.pdf');
    await put(stranger, '/Deal', 'Theirs.pdf');
  });
  afterAll(() => t.close());

  it('refuses anonymous callers, members without the cabinet, and non-admins who would change a link', async () => {
    expect((await call(null, 'GET', '/api/account/shared_link')).status).toBe(401);
    expect((await call(null, 'POST', '/api/account/shared_link', {})).status).toBe(401);
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', {}],
      ['PUT', { id: 1 }],
    ] as const) {
      const res = await call(noCabinet, method, '/api/account/shared_link', body);
      expect(res.status, method).toBe(403);
      expect(res.body.message).toBe(NO_CABINET_ACCESS);
    }
    expect((await call(member, 'POST', '/api/account/shared_link', {})).status).toBe(403);
    const listed = await call(member, 'GET', '/api/account/shared_link');
    expect(listed.status).toBe(200);
    expect(listed.body.abilities).toEqual({ create: false });
    // Bad input: the exact messages, nothing made.
    expect((await call(owner, 'POST', '/api/account/shared_link', { days: 366 })).status).toBe(400);
    expect((await call(owner, 'POST', '/api/account/shared_link', { days: 0 })).status).toBe(400);
    const missing = await call(owner, 'POST', '/api/account/shared_link', { root_path: '/Nowhere' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ root_path: ROOT_FOLDER_MISSING });
    const climbing = await call(owner, 'POST', '/api/account/shared_link', { root_path: '/Deal/../Secret' });
    expect(climbing.status).toBe(400);
    expect((await call(owner, 'GET', '/api/account/shared_link')).body.links).toEqual([]);
  });

  it('creates the link, then extends it with the same url, and audits both', async () => {
    const created = await call(owner, 'POST', '/api/account/shared_link', { root_path: '/Deal' });
    expect(created.status).toBe(200);
    const link = created.body;
    expect(link).toMatchObject({
      module_id: null,
      root_path: '/Deal',
      expired: false,
      abilities: { manage: true },
    });
    expect(link.url).toMatch(new RegExp(`^${t.config.publicUrl}/shared-cabinet/[A-Za-z0-9_-]{22}$`));
    const expires = Date.parse(link.expires_at);
    expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

    const extended = await call(owner, 'POST', '/api/account/shared_link', { days: 90 });
    expect(extended.body.id).toBe(link.id);
    expect(extended.body.url).toBe(link.url);
    expect(extended.body.root_path).toBe('/Deal');
    expect(Math.abs(Date.parse(extended.body.expires_at) - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    // A shorter extension never shortens it.
    const shorter = await call(owner, 'POST', '/api/account/shared_link', { days: 1 });
    expect(shorter.body.expires_at).toBe(extended.body.expires_at);
    // Another module's page makes its own link.
    const other = await call(owner, 'POST', '/api/account/shared_link', { module_id: 4 });
    expect(other.body.id).not.toBe(link.id);
    expect(other.body.root_path).toBe('/');

    const list = await call(member, 'GET', '/api/account/shared_link');
    expect(list.body.links.map((l: Json) => l.id)).toEqual([link.id, other.body.id]);
    expect(list.body.links[0].abilities).toEqual({ manage: false });
    expect((await call(owner, 'GET', `/api/account/shared_link/${link.id}`)).body.url).toBe(link.url);
    expect((await call(stranger, 'GET', `/api/account/shared_link/${link.id}`)).status).toBe(404);

    // Neither the code's hash nor anything named like it ever leaves the server.
    const [row] = await t.ctx.db.select().from(sharedLinks).where(eq(sharedLinks.id, link.id));
    for (const body of [created.body, extended.body, list.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(row.codeHash);
      expect(text).not.toMatch(/hash|generation/i);
    }
    const audits = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.account!.id), like(auditLog.action, 'shared_link.%')));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'shared_link.create',
      'shared_link.create',
      'shared_link.extend',
      'shared_link.extend',
    ]);
  });

  it('lets a visitor list folders under the root only, with paths relative to it', async () => {
    const links = (await call(owner, 'GET', '/api/account/shared_link')).body.links as Json[];
    const code = codeOf(links.find((l) => l.root_path === '/Deal')!.url);
    const root = await folder(code, '/');
    expect(root.status).toBe(200);
    expect(root.raw.headers['cache-control']).toBe('no-store');
    expect(root.body).toMatchObject({ kind: 'cabinet', can_write: false, path: '/', parent_path: null });
    expect(root.body.folders).toEqual([{ name: 'Diligence', path: '/Diligence' }]);
    expect(root.body.files.map((f: Json) => f.filename)).toEqual(['Term Sheet.pdf']);
    const sub = await folder(code, '/Diligence');
    expect(sub.body).toMatchObject({ path: '/Diligence', parent_path: '/' });
    expect(sub.body.files.map((f: Json) => f.filename)).toEqual(['Cap Table.pdf']);
    expect(JSON.stringify([root.body, sub.body])).not.toContain('/Deal');

    // Nothing climbs above the root: '..' in any spelling is refused, absolute paths are relative.
    for (const path of [
      '..',
      '/..',
      '/Diligence/../..',
      '%2e%2e',
      '%2E%2E%2FSecret',
      '..%2FSecret',
      '.',
      '\\..\\Secret',
    ]) {
      const res = await folder(code, encodeURIComponent(decodeURIComponent(path)));
      expect(res.status, path).toBe(400);
    }
    expect((await folder(code, '%252e%252e')).status).toBe(404);
    expect((await folder(code, '/Secret')).status).toBe(404);
    expect((await folder(code, '/Deal/Diligence')).status).toBe(404);
  });

  it('gives a short-lived token for files under the root and for no other', async () => {
    const links = (await call(owner, 'GET', '/api/account/shared_link')).body.links as Json[];
    const code = codeOf(links.find((l) => l.root_path === '/Deal')!.url);
    const ok = await token(code, fileIds['/Deal/Diligence/Cap Table.pdf']);
    expect(ok.status).toBe(200);
    expect(ok.body.url).toMatch(/^\/api\/public\/file\//);
    const file = await t.app.inject({ method: 'GET', url: ok.body.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // Above the root, and another workspace's file: not found.
    expect((await token(code, fileIds['/Secret/Payroll.pdf'])).status).toBe(404);
    expect((await token(code, fileIds['/Deal/Theirs.pdf'])).status).toBe(404);
    // The whole-cabinet link reaches /Secret.
    const whole = codeOf(links.find((l) => l.root_path === '/')!.url);
    expect((await token(whole, fileIds['/Secret/Payroll.pdf'])).status).toBe(200);
  });

  it("keeps one workspace's code out of another's cabinet", async () => {
    const theirs = await call(stranger, 'POST', '/api/account/shared_link', {});
    const code = codeOf(theirs.body.url);
    const listing = await folder(code, '/Deal');
    expect(listing.body.files.map((f: Json) => f.filename)).toEqual(['Theirs.pdf']);
    expect((await folder(code, '/Deal/Diligence')).status).toBe(404);
    expect((await token(code, fileIds['/Deal/Term Sheet.pdf'])).status).toBe(404);
    // Another workspace cannot renew this one's link.
    const mine = (await call(owner, 'GET', '/api/account/shared_link')).body.links[0];
    expect((await call(stranger, 'PUT', '/api/account/shared_link', { id: mine.id })).status).toBe(404);
  });

  it('kills the old url on a new link, and answers unknown, malformed and expired codes alike', async () => {
    const before = (await call(owner, 'GET', '/api/account/shared_link')).body.links[0];
    expect((await call(member, 'PUT', '/api/account/shared_link', { id: before.id })).status).toBe(403);
    // Shorten it first so the fresh expiry shows.
    await t.ctx.db
      .update(sharedLinks)
      .set({ expiresAt: new Date(Date.now() + DAY) })
      .where(eq(sharedLinks.id, before.id));
    const renewed = await call(owner, 'PUT', '/api/account/shared_link', { id: before.id });
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).not.toBe(before.url);
    expect(Math.abs(Date.parse(renewed.body.expires_at) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expectGone(await folder(codeOf(before.url), '/'));
    expectGone(await token(codeOf(before.url), fileIds['/Deal/Term Sheet.pdf']));
    expect((await folder(codeOf(renewed.body.url), '/')).status).toBe(200);
    const [audit] = await t.ctx.db
      .select({ target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.action, 'shared_link.regenerate'));
    expect(audit.target).toMatchObject({ sharedLinkId: before.id, generation: 2 });

    expectGone(await folder('A'.repeat(22), '/'));
    expectGone(await folder("x' or 1=1 --", '/'));
    expectGone(await token('short', 1));
    await t.ctx.db
      .update(sharedLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sharedLinks.id, before.id));
    expectGone(await folder(codeOf(renewed.body.url), '/'));
    const expired = await call(owner, 'GET', `/api/account/shared_link/${before.id}`);
    expect(expired.body.expired).toBe(true);
    // Extending brings the same url back to life.
    await call(owner, 'POST', '/api/account/shared_link', {});
    expect((await folder(codeOf(renewed.body.url), '/')).status).toBe(200);
  });

  it('closes every link of a workspace that becomes restricted (role 3)', async () => {
    const theirs = (await call(stranger, 'GET', '/api/account/shared_link')).body.links[0];
    expect((await folder(codeOf(theirs.url), '/')).status).toBe(200);
    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, stranger.account!.id));
    expectGone(await folder(codeOf(theirs.url), '/'));
    const access = await accessToken(t, stranger.idToken, stranger.account!.id);
    const restricted = { ...stranger, accountBearer: `Bearer ${access}` };
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', {}],
      ['PUT', { id: theirs.id }],
    ] as const) {
      expect((await call(restricted, method, '/api/account/shared_link', body)).status, method).toBe(403);
    }
  });
});
