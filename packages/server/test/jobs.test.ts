import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMailer } from '../src/adapters/mail/mailer.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { accounts, documentEvents, documents, jobs } from '../src/db/schema/index.ts';
import { ABANDONED_ON_LAST_ATTEMPT, createJobQueue, type JobQueueOptions } from '../src/jobs/queue.ts';
import { SEAL_FAILED, SEAL_JOB } from '../src/modules/signing/seal-job.ts';
import { requeueStuckSeals, SEAL_STUCK_MS } from '../src/modules/signing/sweep.ts';
import { openScratchDatabase } from './support/scratch-database.ts';

// Each queue here takes up any ready row of the table: a database of this file's own.
let database: Database;
beforeAll(async () => {
  database = await openScratchDatabase();
});
afterAll(() => database.close());

const log = Fastify().log;
const queue = (options: JobQueueOptions = {}) => createJobQueue(database.db, log, options);
const row = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const insert = async (values: Partial<typeof jobs.$inferInsert> & { kind: string }) => {
  const [job] = await database.db
    .insert(jobs)
    .values({ payload: {}, ...values })
    .returning({ id: jobs.id });
  return job.id;
};
/** A job a worker claimed and then stopped beating for, `secondsAgo` ago. */
const abandoned = (kind: string, secondsAgo: number) =>
  insert({
    kind,
    status: 'running',
    attempts: 1,
    lockedAt: new Date(Date.now() - secondsAgo * 1000),
  });

describe('jobs of a worker that died', () => {
  it('are taken up after a short timeout, while a live worker keeps its running job by its heartbeat', async () => {
    const fast = { heartbeatMs: 100, staleAfterMs: 1000 };
    const live = queue(fast);
    const other = queue(fast);
    const runs: string[] = [];
    for (const [name, q] of [
      ['live', live],
      ['other', other],
    ] as const) {
      q.register('slow', async (payload) => {
        runs.push(name);
        await sleep(Number(payload.ms ?? 2500));
      });
    }
    const id = await insert({ kind: 'slow' });
    const running = live.drain();
    // Well past staleAfterMs: a worker without a heartbeat would lose its job to the other here.
    await sleep(1500);
    expect(await other.drain()).toBe(0);
    expect(await running).toBe(1);
    expect(runs).toEqual(['live']);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 });

    const dead = await abandoned('slow', 2);
    await database.db
      .update(jobs)
      .set({ payload: { ms: 10 } })
      .where(eq(jobs.id, dead));
    expect(await other.drain()).toBe(1);
    expect(await row(dead)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('are queued again at once when the embedded database starts (a single process owns it)', async () => {
    const ran: number[] = [];
    const id = await abandoned('quick', 0);
    const shared = queue();
    shared.register('quick', async () => void ran.push(id));
    // On a shared database a fresh lock may be a live worker's...
    expect(await shared.drain()).toBe(0);
    const alone = queue({ singleProcess: true });
    alone.register('quick', async () => void ran.push(id));
    // ...but the only process of the embedded database knows it is not.
    expect(await alone.drain()).toBe(1);
    expect(ran).toEqual([id]);
  });
  it('fail for good, unrun, when the worker of their last attempt died (no crash loop)', async () => {
    const ran: number[] = [];
    const last = await insert({ kind: 'crashy', status: 'running', attempts: 3, maxAttempts: 3 });
    const earlier = await insert({ kind: 'crashy', status: 'running', attempts: 1, maxAttempts: 3 });
    const alone = queue({ singleProcess: true });
    const gaveUp: unknown[] = [];
    alone.register('crashy', async () => void ran.push(1), {
      onGiveUp: async (payload, reason) => void gaveUp.push([payload, reason]),
    });
    expect(await alone.drain()).toBe(2);
    expect(ran).toEqual([1]);
    expect(await row(last)).toMatchObject({ status: 'failed', lastError: ABANDONED_ON_LAST_ATTEMPT });
    expect(await row(earlier)).toMatchObject({ status: 'done', attempts: 2 });
    // Its kind's failure path ran, as it does when a last attempt throws.
    expect(gaveUp).toEqual([[{}, ABANDONED_ON_LAST_ATTEMPT]]);
  });
});

describe('a job that fails for good', () => {
  it("goes through its kind's failure path in the transaction that fails it, once, at its last attempt", async () => {
    const q = queue();
    q.register('fragile', async () => Promise.reject(new Error('disk full')), {
      // What the failure path writes commits with the job's failure: here, a row of its own.
      onGiveUp: async (payload, reason, tx) =>
        void (await tx
          .insert(jobs)
          .values({ kind: 'gave-up', status: 'done', payload: { ...payload, reason } })),
    });
    const id = await insert({ kind: 'fragile', payload: { n: 1 }, maxAttempts: 2 });
    expect(await q.drain()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'disk full' });
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'gave-up'))).toEqual([]);
    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, id));
    expect(await q.drain()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'disk full' });
    const marks = await database.db.select().from(jobs).where(eq(jobs.kind, 'gave-up'));
    expect(marks.map((m) => m.payload)).toEqual([{ n: 1, reason: 'disk full' }]);
  });

  it('is failed all the same when its failure path throws, and is not run again', async () => {
    let runs = 0;
    const alone = queue({ singleProcess: true });
    alone.register('broken', async () => void runs++, {
      onGiveUp: async () => Promise.reject(new Error('no such document')),
    });
    const id = await insert({ kind: 'broken', status: 'running', attempts: 1, maxAttempts: 1 });
    expect(await alone.drain()).toBe(1);
    expect(await alone.drain()).toBe(0);
    expect(runs).toBe(0);
    expect(await row(id)).toMatchObject({
      status: 'failed',
      lastError: `${ABANDONED_ON_LAST_ATTEMPT} (then its failure path failed: no such document)`,
    });
  });

  it('has its work reopened by its kind when retried', async () => {
    const q = queue();
    const reopened: unknown[] = [];
    q.register('redo', async () => undefined, { onRetry: async (payload) => void reopened.push(payload) });
    await database.db.transaction((tx) => q.reopen(tx, 'redo', { documentId: 7 }));
    // A kind with nothing to reopen, or none registered here, is retried as it is.
    await database.db.transaction((tx) => q.reopen(tx, 'unknown-kind', { documentId: 8 }));
    expect(reopened).toEqual([{ documentId: 7 }]);
  });
});

describe('a job whose handler kills its process', () => {
  const started = new Set<ChildProcess>();
  afterAll(() => {
    for (const child of started) if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  });

  /** One run of support/crashing-seal-worker.ts on the embedded database of `dataDir`: its exit code. */
  function runCrashingWorker(dataDir: string) {
    const script = path.join(import.meta.dirname, 'support/crashing-seal-worker.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: path.join(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.add(child);
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => {
        started.delete(child);
        resolve({ code, stderr });
      });
    });
  }

  /** The embedded database of a server in `dataDir`, migrated (from the run's dump when there is one). */
  async function embeddedDatabase(dataDir: string) {
    const dump = inject('pgliteDump');
    const pglite = await PGlite.create(
      path.join(dataDir, 'db'),
      dump ? { loadDataDir: new Blob([fs.readFileSync(dump)]) } : {},
    );
    const database = await openDatabase({ databaseUrl: null, dataDir, pglite });
    await database.migrate();
    return database;
  }

  it("is failed through its kind's failure path once it has killed as many workers as it has attempts, and no sweep queues it again", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-crash-'));
    // A document everyone has signed, its seal queued with two attempts.
    const setup = await embeddedDatabase(dataDir);
    const [account] = await setup.db.insert(accounts).values({ companyName: 'Crash Test, Inc.' }).returning();
    const [document] = await setup.db
      .insert(documents)
      .values({
        accountId: account.id,
        filename: 'Agreement.pdf',
        label: 'Agreement',
        signingState: 'sealing',
      })
      .returning();
    const brand = { id: null, name: 'Charter', url: 'http://localhost:3000' };
    const [job] = await setup.db
      .insert(jobs)
      .values({ kind: SEAL_JOB, payload: { documentId: document.id, brand }, maxAttempts: 2 })
      .returning();
    await setup.close();

    // Each attempt takes its process down; the next process finds the job running and takes it up again,
    // until the one after its last attempt fails it instead of running it.
    const runs = [];
    for (let run = 0; run < 3; run++) runs.push(await runCrashingWorker(dataDir));
    expect(
      runs.map((r) => r.code),
      runs.map((r) => r.stderr).join('\n'),
    ).toEqual([70, 70, 0]);

    const app = await buildApp(
      loadConfig(
        { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' },
        { logLevel: 'silent', runWorker: false, webDist: null, libreOffice: null },
      ),
    );
    try {
      const { db } = app.ctx;
      expect((await db.select().from(jobs).where(eq(jobs.id, job.id)))[0]).toMatchObject({
        status: 'failed',
        attempts: 3,
        lastError: ABANDONED_ON_LAST_ATTEMPT,
      });
      // The seal's own failure path: Sealing failed, with its Retry, in its history, not sealing for ever.
      const [failed] = await db.select().from(documents).where(eq(documents.id, document.id));
      expect(failed).toMatchObject({ signingState: 'seal_failed', sealError: SEAL_FAILED });
      const history = await db
        .select()
        .from(documentEvents)
        .where(eq(documentEvents.documentId, document.id));
      expect(history.map((e) => e.kind)).toEqual(['seal_failed']);
      // Long after, the stuck-seal sweep queues nothing: the next process would only die again.
      expect(await requeueStuckSeals(app.ctx, new Date(Date.now() + SEAL_STUCK_MS + 60_000))).toBe(0);
      expect(await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, SEAL_JOB))).toEqual([
        { id: job.id },
      ]);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000); // Three server processes start one after another: a few seconds each, more on a busy machine.
});

describe('finished jobs', () => {
  it('do not keep the one-time codes of the mail they sent, and a failed one keeps its recipient', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-outbox-'));
    const q = queue();
    const mailer = createMailer(q, { smtpUrl: null, outboxDir, from: 'Charter <no-reply@charter.local>' });
    const message = {
      brand: { name: 'Charter' },
      to: 'sam@example.com',
      subject: 'Your code: 123-456',
      text: 'Your code is 123-456',
    };
    await database.db.transaction((tx) => mailer.send(tx, message));
    expect(await q.drain()).toBe(1);
    expect(fs.readdirSync(outboxDir)).toHaveLength(1);
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'))).toEqual([]);

    // A message that cannot be written fails for good: staff see whom it was for and why, not the code.
    const broken = queue();
    createMailer(broken, { smtpUrl: null, outboxDir: '/dev/null/outbox', from: 'x@example.com' });
    await database.db.transaction((tx) => mailer.send(tx, { ...message, to: 'lee@example.com' }));
    await database.db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.kind, 'mail.send'));
    expect(await broken.drain()).toBe(1);
    const [failed] = await database.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'));
    expect(failed).toMatchObject({ status: 'failed', payload: { to: 'lee@example.com', redacted: true } });
    expect(failed.lastError).toMatch(/ENOTDIR|ENOENT/);
    expect(JSON.stringify(failed.payload)).not.toContain('123-456');
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  it('are pruned: done ones holding secrets at once, other done ones after a week, failed ones kept', async () => {
    const q = queue();
    q.register('secret', async () => undefined, { redact: () => ({}) });
    q.register('plain', async () => undefined);
    const longAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    const earlierSecret = await insert({ kind: 'secret', status: 'done', payload: { code: '1' } });
    const earlierFailed = await insert({ kind: 'secret', status: 'failed', payload: { code: '2' } });
    const old = await insert({ kind: 'plain', status: 'done', finishedAt: longAgo });
    const recent = await insert({ kind: 'plain', status: 'done', finishedAt: new Date() });
    const failed = await insert({ kind: 'plain', status: 'failed', finishedAt: longAgo });
    expect(await q.prune()).toBe(3);
    expect(await row(earlierSecret)).toBeUndefined();
    expect(await row(earlierFailed)).toMatchObject({ status: 'failed', payload: { redacted: true } });
    expect(await row(old)).toBeUndefined();
    expect(await row(recent)).toMatchObject({ status: 'done' });
    expect(await row(failed)).toMatchObject({ status: 'failed' });
  });
});
