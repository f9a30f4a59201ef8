import path from 'node:path';
import { REPORT_MESSAGES } from '@charter/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, resourceFeatures } from '../src/db/schema/index.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { accountCaller, createUser, type Json, login, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

const KEY = 'data-pack.holders';

/** GET /api/user/report's file links and GET /api/user/report/file/{a}/jwt/{b}, which they open. */
describe('report file links: a document answer of a shared report, opened by a short-lived link', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let investor: { bearer: string; cookie: string };
  let sharedId: number;
  const ids: Record<string, number> = {};
  const call = accountCaller(() => t);
  const ok = async (who: SignedIn, method: string, url: string, body?: unknown) => {
    const res = await call(who, method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const reportsOf = async (bearer: string) => {
    const res = await get('/api/user/report', { authorization: bearer });
    expect(res.statusCode).toBe(200);
    return res.json() as Json[];
  };

  async function storedFile(accountId: number, filename: string, text: string) {
    const stored = await t.ctx.storage.put(new TextEncoder().encode(text));
    const [row] = await t.ctx.db
      .insert(files)
      .values({
        accountId,
        filename,
        contentType: 'text/plain',
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
      })
      .returning();
    return row.id;
  }

  /**
   * `values` are answered through the API; `stored` are written straight into the table, as values the
   * API now refuses (another workspace's file, no file id) may still sit in rows written before.
   */
  async function packWith(
    who: SignedIn,
    people: { name: string; values: Record<string, string>; stored?: Record<string, string> }[],
  ) {
    const project = await ok(who, 'POST', '/api/account/project_template/data-pack/create', {});
    const transactionId = (project.groupedTransactions[0] as Json).id as number;
    for (const person of people) {
      const resource = await ok(who, 'POST', '/api/account/resource', {
        name: person.name,
        transaction_id: transactionId,
        question_id: 'holders',
      });
      for (const [key, value] of Object.entries(person.values))
        await ok(who, 'POST', '/api/account/flat_feature', {
          transaction_id: transactionId,
          feature_type_id: key,
          resource_id: resource.id,
          value,
        });
      for (const [key, value] of Object.entries(person.stored ?? {})) {
        const refused = await call(who, 'POST', '/api/account/flat_feature', {
          transaction_id: transactionId,
          feature_type_id: key,
          resource_id: resource.id,
          value,
        });
        expect(refused.status).toBe(400);
        await t.ctx.db.insert(resourceFeatures).values({ resourceId: resource.id as number, key, value });
      }
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-report-files'));
    owner = await signedIn(t);
    stranger = await signedIn(t);
    const accountId = owner.account!.id;
    ids.deck = await storedFile(accountId, 'Ada deck.txt', 'the deck of Ada');
    ids.memo = await storedFile(accountId, 'Grace memo.txt', 'the memo of Grace');
    ids.unlisted = await storedFile(accountId, 'Unlisted.txt', 'no row names this');
    ids.foreign = await storedFile(stranger.account!.id, 'Foreign.txt', 'another workspace');
    const lp = await createUser(t, { email: `holder-${Date.now()}@example.com`, company: null });
    const session = await login(t, lp.email, lp.password!);
    investor = { bearer: `Bearer ${session.idToken}`, cookie: session.cookie };
    await packWith(owner, [
      { name: 'Ada', values: { email: lp.email, deck: String(ids.deck) } },
      { name: 'Grace', values: { email: 'grace@example.com', deck: String(ids.memo) } },
      // A value naming another workspace's file, and one that is no file id at all, get no link.
      { name: 'Mallory', values: {}, stored: { deck: String(ids.foreign) } },
      { name: 'Nobody', values: {}, stored: { deck: 'not a file' } },
    ]);
    const created = await ok(owner, 'POST', '/api/account/shared_report', { feature_type_id: KEY });
    sharedId = created.report.id;
  });
  afterAll(() => t.close());

  const linkOf = (report: Json, fileId: number) =>
    (report.files as Json[]).find((f) => f.id === fileId)?.url as string | undefined;

  it('gives a link only for files of the workspace that the user’s visible rows name', async () => {
    const [report] = await reportsOf(owner.bearer);
    expect(report.feature_type_id).toBe(KEY);
    expect((report.files as Json[]).map((f) => [f.id, f.filename]).sort((a, b) => a[0] - b[0])).toEqual([
      [ids.deck, 'Ada deck.txt'],
      [ids.memo, 'Grace memo.txt'],
    ]);
    expect(linkOf(report, ids.deck)).toMatch(
      new RegExp(`^/api/user/report/file/${ids.deck}/jwt/[\\w.-]{20,}$`),
    );
    // An investor sees only their own row, so only its file.
    const [own] = await reportsOf(investor.bearer);
    expect(own.rows).toHaveLength(1);
    expect((own.files as Json[]).map((f) => f.id)).toEqual([ids.deck]);
  });

  it('streams the file to the user the link was made for (bearer or session cookie)', async () => {
    const url = linkOf((await reportsOf(owner.bearer))[0], ids.memo)!;
    const res = await get(url, { authorization: owner.bearer });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('the memo of Grace');
    expect(res.headers['content-disposition']).toContain('Grace memo.txt');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const own = linkOf((await reportsOf(investor.bearer))[0], ids.deck)!;
    const byCookie = await get(own, { cookie: `charter_session=${investor.cookie}` });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.body).toBe('the deck of Ada');
  });

  it('refuses no sign-in (401), another user, another file, a bad or expired token (404)', async () => {
    const url = linkOf((await reportsOf(owner.bearer))[0], ids.memo)!;
    expect((await get(url)).statusCode).toBe(401);
    // Another user, even one who sees the same report (the investor) or one who sees nothing.
    for (const bearer of [stranger.bearer, investor.bearer]) {
      const res = await get(url, { authorization: bearer });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REPORT_MESSAGES.fileLinkGone);
    }
    // The memo's token on the deck's path.
    const token = url.split('/jwt/')[1];
    expect(
      (await get(`/api/user/report/file/${ids.deck}/jwt/${token}`, { authorization: owner.bearer }))
        .statusCode,
    ).toBe(404);
    // The user's own id token is not a file link, nor a file link an id token.
    expect(
      (await get(`/api/user/report/file/${ids.memo}/jwt/${owner.idToken}`, { authorization: owner.bearer }))
        .statusCode,
    ).toBe(404);
    expect((await get('/api/user/me', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect(
      (await get(`/api/user/report/file/${ids.memo}/jwt/${'x'.repeat(40)}`, { authorization: owner.bearer }))
        .statusCode,
    ).toBe(404);
    const claims = { typ: 'report_file' as const, sub: String(owner.user.id), sid: 'x', report: sharedId };
    const expired = await t.ctx.tokens.sign({ ...claims, file: ids.memo }, -5);
    expect(
      (await get(`/api/user/report/file/${ids.memo}/jwt/${expired}`, { authorization: owner.bearer }))
        .statusCode,
    ).toBe(404);
  });

  it('opens only files that are values of the report’s rows the user sees now', async () => {
    const claims = { typ: 'report_file' as const, sub: String(owner.user.id), sid: 'x', report: sharedId };
    // A validly signed token for a file no row names, or for another workspace's file, opens nothing.
    for (const file of [ids.unlisted, ids.foreign]) {
      const token = await t.ctx.tokens.sign({ ...claims, file }, 60);
      const res = await get(`/api/user/report/file/${file}/jwt/${token}`, { authorization: owner.bearer });
      expect(res.statusCode).toBe(404);
    }
    // Unsharing the report ends its links at once.
    const url = linkOf((await reportsOf(owner.bearer))[0], ids.deck)!;
    expect((await get(url, { authorization: owner.bearer })).statusCode).toBe(200);
    await ok(owner, 'PUT', `/api/account/shared_report/${sharedId}`, { is_active: false });
    expect((await get(url, { authorization: owner.bearer })).statusCode).toBe(404);
    await ok(owner, 'PUT', `/api/account/shared_report/${sharedId}`, { is_active: true });
    expect((await get(url, { authorization: owner.bearer })).statusCode).toBe(200);
  });
});
