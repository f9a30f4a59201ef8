import fs from 'node:fs';
import path from 'node:path';
import { INVALID_ID } from '@charter/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_REFUSED, SURROGATE_REFUSED } from '../src/http/request-guards.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { accountCaller, basic, type Json, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { multipart } from './support/multipart.ts';
import { fillWorkspace, PDF, snapshotWorkspace, uploadAs } from './support/workspace-rows.ts';

const TOO_BIG = 2 ** 31;
/** This app's cap on one uploaded file (UPLOAD_MAX_MB), small enough to pass in a test. */
const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

// One app and one signed-in workspace serve every group below.
let t: TestApp;
let me: SignedIn;
const call = accountCaller(() => t);
beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: UPLOAD_MAX_BYTES });
  me = await signedIn(t);
});
afterAll(() => t.close());

describe('bad input answers 400 with a clear message, never 500', () => {
  it('refuses ids beyond a PostgreSQL integer in paths, queries and bodies', async () => {
    for (const [method, url, body] of [
      ['GET', `/api/account/transaction/${TOO_BIG}`, undefined],
      ['DELETE', `/api/account/project/${TOO_BIG}`, undefined],
      ['GET', `/api/account/transaction?project_id=${TOO_BIG}`, undefined],
      ['GET', `/api/account/custom_document?task_id=${TOO_BIG}`, undefined],
      ['POST', '/api/account/flat_feature', { transaction_id: TOO_BIG, feature_type_id: 'x', value: '' }],
      ['POST', '/api/account/storage/download-zip', { file_ids: [1, TOO_BIG] }],
      ['PUT', `/api/account/resource/merge/1/${TOO_BIG}`, undefined],
    ] as const) {
      const res = await call(me, method, url, body);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ code: 'VALIDATION_ERROR', message: INVALID_ID });
    }
  });

  it('refuses a page offset beyond a PostgreSQL integer', async () => {
    const res = await call(me, 'GET', `/api/account/resource/?offset=${2 ** 53}`);
    expect(res.status).toBe(400);
  });
});

/** Each request answers 400 VALIDATION_ERROR with `message`. */
async function expectEachRefused(message: string, requests: [string, string, unknown][]) {
  for (const [method, url, body] of requests) {
    const res = await call(me, method, url, body);
    expect(res.status, url).toBe(400);
    expect(res.body, url).toMatchObject({ code: 'VALIDATION_ERROR', message });
  }
}

describe('text with NUL characters', () => {
  it('is refused in bodies, queries and paths with a clear message, nothing written', async () => {
    await expectEachRefused(NUL_REFUSED, [
      ['POST', '/api/account/storage/folder', { path: '/Bad\u0000Folder' }],
      ['POST', '/api/account/storage/folder', { path: '/Fine', 'key\u0000': 1 }],
      ['GET', '/api/account/storage/folder?path=/x%00y', undefined],
      ['GET', '/api/account/resource/?search=a%00b', undefined],
      ['GET', '/api/account/project_template/a%00b', undefined],
    ]);
    const nested = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings/profile',
      headers: { authorization: me.bearer },
      payload: { firstName: 'Ada', lastName: 'Love\u0000lace' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toBe(NUL_REFUSED);
    const unknown = await t.app.inject(`/api/public/auth/email/${encodeURIComponent('a\u0000@example.com')}`);
    expect(unknown.statusCode).toBe(400);
    const folders = await call(me, 'GET', '/api/account/storage/folder?path=/');
    expect(folders.body.folders).toEqual([]);
  });

  it('is looked for in a body of half a million items without failing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings/profile',
      headers: { authorization: me.bearer, 'content-type': 'application/json' },
      payload: `[${new Array(500_000).fill(0).join(',')}]`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('in a Basic sign-in is bad input, not a failure', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/credentials',
      headers: { authorization: basic('a\u0000@example.com', 'some password') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NUL_REFUSED);
  });
});

describe('text with a lone surrogate', () => {
  it('is refused with a clear message, never stored changed nor failing in JSON, while a pair is kept', async () => {
    await expectEachRefused(SURROGATE_REFUSED, [
      // A text column would have kept U+FFFD in its place; PostgreSQL's JSON refuses it outright (a 500).
      ['POST', '/api/account/storage/folder', { path: '/Bad\udfffFolder' }],
      ['POST', '/api/account/storage/folder', { path: '/Fine', 'key\ud800': 1 }],
      ['POST', '/api/account/admin/room', { label: 'Data \ud83d room', type: 'data-room' }],
    ]);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings/profile',
      headers: { authorization: me.bearer, 'content-type': 'application/json' },
      // As a JSON escape, the way a client's string with half an emoji reaches the server.
      payload: '{"firstName":"Ada","lastName":"Love\\udfff"}',
    });
    expect(profile.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: SURROGATE_REFUSED });
    expect((await call(me, 'GET', '/api/account/storage/folder?path=/')).body.folders).toEqual([]);
    // A surrogate pair is one character (an emoji), kept as sent.
    const kept = await call(me, 'POST', '/api/account/storage/folder', { path: '/Launch \ud83d\ude80' });
    expect(kept.status, JSON.stringify(kept.body)).toBeLessThan(300);
    const folders = (await call(me, 'GET', '/api/account/storage/folder?path=/')).body.folders as Json[];
    expect(JSON.stringify(folders)).toContain('Launch 🚀');
    await call(me, 'DELETE', `/api/account/storage/folder?path=${encodeURIComponent('/Launch 🚀')}`);
  });
});

describe('updates and uploads that carry nothing usable', () => {
  const spool = () => path.join(t.config.dataDir, 'tmp');
  const leftovers = () => (fs.existsSync(spool()) ? fs.readdirSync(spool()) : []);

  it('PUT box/file with nothing to change answers 400 and changes nothing', async () => {
    const uploaded = await uploadAs(t, me, '/api/account/storage/upload?path=/', [
      { filename: 'a.pdf', content: PDF },
    ]);
    const id = uploaded.body[0].id as number;
    const res = await call(me, 'PUT', `/api/account/box/file/${id}`, {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Nothing to change: send a filename or a path.',
    });
    expect((await call(me, 'GET', `/api/account/box/file/${id}/info`)).body.filename).toBe('a.pdf');
  });

  it('refuses broken multipart bodies with 400 and leaves no spooled file behind', async () => {
    const good = multipart([{ filename: 'b.pdf', content: PDF }]);
    const boundary = good.contentType.split('boundary=')[1];
    const field = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    );
    const empty = Buffer.from(`--${boundary}--\r\n`);
    const cases: [string, Buffer, string][] = [
      ['bad boundary', good.payload, 'multipart/form-data; boundary=nope'],
      ['no boundary', good.payload, 'multipart/form-data'],
      ['truncated', good.payload.subarray(0, good.payload.length - 40), good.contentType],
      ['garbage', Buffer.from('this is not multipart at all'), good.contentType],
      ['a field, no file', field, good.contentType],
      ['no parts', empty, good.contentType],
    ];
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-modules'));
    const { uploadTaskId } = await fillWorkspace(t, me, 'test-module-two');
    for (const url of ['/api/account/storage/upload?path=/', `/api/account/task/${uploadTaskId}/upload`]) {
      for (const [name, payload, contentType] of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { authorization: me.accountBearer, 'content-type': contentType },
        });
        expect(res.statusCode, `${url} ${name}: ${res.body}`).toBe(400);
        expect(res.json().code, name).toBe('VALIDATION_ERROR');
        expect(res.json().message, name).toBeTruthy();
      }
    }
    expect(leftovers()).toEqual([]);
    const listing = await call(me, 'GET', '/api/account/storage/folder?path=/');
    expect(listing.body.files.map((f: Json) => f.filename)).toEqual(['a.pdf']);
    const rows = (await snapshotWorkspace(t, me.account!.id)) as Json;
    expect(rows.documents).toHaveLength(1);
  });

  it('refuses a file past the upload limit with 413, naming the limit, and keeps nothing of it', async () => {
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-modules'));
    const { uploadTaskId } = await fillWorkspace(t, me, 'test-module-two');
    const before = await snapshotWorkspace(t, me.account!.id);
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    for (const url of ['/api/account/storage/upload?path=/', `/api/account/task/${uploadTaskId}/upload`]) {
      const res = await uploadAs(t, me, url, [
        { filename: 'small.pdf', content: PDF },
        { filename: 'big.pdf', content: big },
      ]);
      expect(res.status, url).toBe(413);
      expect(res.body, url).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file is too large (2 MB at most).',
      });
    }
    // Not even the small file sent before it: the upload is one request, refused whole.
    expect(await snapshotWorkspace(t, me.account!.id)).toEqual(before);
    expect(leftovers()).toEqual([]);
  });
});
