import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/adapters/mail/mailer.ts';
import type { Database } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/index.ts';
import { ABANDONED_ON_LAST_ATTEMPT, createJobQueue, type JobQueueOptions } from '../src/jobs/queue.ts';
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
    alone.register('crashy', async () => void ran.push(1));
    expect(await alone.drain()).toBe(2);
    expect(ran).toEqual([1]);
    expect(await row(last)).toMatchObject({ status: 'failed', lastError: ABANDONED_ON_LAST_ATTEMPT });
    expect(await row(earlier)).toMatchObject({ status: 'done', attempts: 2 });
  });
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
