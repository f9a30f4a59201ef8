import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FILE_REFUSED_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLibreOffice } from '../src/adapters/office/office-pdf.ts';
import { warmUp } from '../src/adapters/untrusted/pool.ts';
import { customDocuments, files } from '../src/db/schema/index.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { type Json, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { docxBomb } from './support/bombs.ts';
import { docx, paragraph } from './support/docx.ts';
import { multipart } from './support/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-workflow'));
  // The server starts its first worker at boot (main.ts), a test app on first use: start it here, so
  // what is measured below is the bomb, not a worker loading its parsers.
  await warmUp();
}, 120_000);
afterAll(() => t.close());

/** Registers as a new visitor does: a workspace with it, the email not yet confirmed. */
async function register() {
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/authn/session/credentials',
    payload: {
      email: uniqueEmail('bomber'),
      password: 'a long enough password',
      first_name: 'Zip',
      family_name: 'Bomber',
      create: true,
      tos: true,
      company: {
        company_name: 'Bomb Works, Inc.',
        features: [{ feature_type_id: 881, value: 'For-profit Company' }],
      },
    },
  });
  expect(registered.statusCode).toBe(201);
  const { id_token, account_id, user } = registered.json();
  expect(user.email_verified).toBe(false);
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/authn/access_token',
    headers: { authorization: `Bearer ${id_token}` },
    payload: { account_id },
  });
  const authorization = `Bearer ${token.json().access_token}`;
  const call = async (method: string, url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      payload: payload as Json,
      headers: { authorization },
    });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const upload = async (filename: string, content: Buffer) => {
    const body = multipart([{ filename, content }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/storage/upload?path=/Templates',
      payload: body.payload,
      headers: { authorization, 'content-type': body.contentType },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as Json[])[0];
  };
  return { call, upload };
}

/**
 * Runs `request` while asking /api/health again and again, as every other tenant's page would, and
 * watches the event loop: what each health answer took, and the longest the loop stood still.
 */
async function whileAskingHealth<T>(request: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let done = false;
  const pending = request().finally(() => {
    done = true;
  });
  const health: { status: number; ms: number }[] = [];
  do {
    const started = performance.now();
    const res = await t.app.inject('/api/health');
    health.push({ status: res.statusCode, ms: performance.now() - started });
    await new Promise((resolve) => setTimeout(resolve, 5));
  } while (!done);
  const answer = await pending;
  delay.disable();
  const sorted = health.map((h) => h.ms).sort((a, b) => a - b);
  return {
    answer,
    health,
    median: sorted[Math.floor(sorted.length / 2)],
    slowest: sorted.at(-1) ?? 0,
    stalledMs: delay.max / 1e6,
  };
}

describe('a Word bomb picked as a custom document', () => {
  it.each([
    ['declares its 400 MB', undefined],
    ['lies that it holds 1 KB', 1024],
  ] as const)('is refused with a 422 while /api/health keeps answering, when it %s', async (_, declare) => {
    const { call, upload } = await register();
    const nda = (await call('POST', '/api/account/project_template/mutual-nda/create', {})).body;
    const task = nda.groupedTransactions[0].tasks[0];
    expect((await call('PUT', `/api/account/task/${task.id}`, { action: 'custom' })).status).toBe(200);
    const bomb = docxBomb(400, declare);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const file = await upload('Agreement.docx', bomb);

    const run = await whileAskingHealth(() =>
      call('POST', '/api/account/custom_document', { account_task_id: task.id, file_id: file.id }),
    );
    expect(run.answer).toEqual({
      status: 422,
      body: { code: 'FILE_TOO_COMPLEX', message: FILE_REFUSED_MESSAGES.size },
    });
    // Every tenant kept being answered. Before, the loop stood still for the 13-17 s the inflating took;
    // the bounds leave room for a loaded CI machine and are still a tenth of a second for most answers.
    expect(run.health.every((h) => h.status === 200)).toBe(true);
    expect(run.median).toBeLessThan(100);
    expect(run.slowest).toBeLessThan(1000);
    expect(run.stalledMs).toBeLessThan(1000);
    // Nothing was saved for the task.
    expect(await t.ctx.db.select().from(customDocuments).where(eq(customDocuments.taskId, task.id))).toEqual(
      [],
    );

    // A real Word file is still read, in the same worker pool.
    const good = await upload('Letter.docx', Buffer.from(docx(paragraph('Dear {counterparty},'))));
    const picked = await call('POST', '/api/account/custom_document', {
      account_task_id: task.id,
      file_id: good.id,
    });
    expect(picked.status).toBe(201);
    expect(picked.body).toMatchObject({ valid: true, tokens: ['counterparty'] });
  });
});

describe.runIf(findLibreOffice() !== null || Boolean(process.env.CI))('a Word bomb previewed', () => {
  it('is refused before LibreOffice unpacks it, and no preview is kept', async () => {
    const { call, upload } = await register();
    const file = await upload('Agreement.docx', docxBomb(400));
    const res = await call('GET', `/api/account/box/file/${file.id}/preview`);
    expect(res).toEqual({
      status: 422,
      body: { code: 'FILE_TOO_COMPLEX', message: FILE_REFUSED_MESSAGES.size },
    });
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, file.id));
    expect(row.previewKey).toBeNull();
  });
});
