import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, markOutcome, type Outcome } from '../db/resilience.ts';
import { noteWrite } from '../db/write-ledger.ts';
import { installErrorHandler } from './error-handler.ts';

/** What node-postgres throws when the connection drops, as drizzle wraps it. */
const lost = (outcome: Outcome) =>
  markOutcome(
    new Error('Failed query: commit', { cause: new Error('Connection terminated unexpectedly') }),
    outcome,
  );

const app = Fastify();
beforeAll(async () => {
  installErrorHandler(app);
  app.post('/read', async () => {
    await sleep(10);
    throw lost('not-committed');
  });
  app.post('/wrote-then-lost', async () => {
    noteWrite();
    await sleep(20);
    throw lost('not-committed');
  });
  app.post('/unknown', async () => {
    throw lost('unknown');
  });
  app.post('/bug', async () => {
    throw new Error('boom');
  });
  app.post('/storage-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string) => app.inject({ method: 'POST', url, payload: { some: 'body' } });

describe('a lost database, as the API answers it', () => {
  it('recognises pg connection failures through the errors wrapping them, and nothing else', () => {
    expect(isDatabaseUnavailable(lost('unknown'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new AggregateError([]), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });

  it('is 503 DATABASE_UNAVAILABLE with Retry-After when nothing of the request was saved', async () => {
    const res = await post('/read');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
  });

  it('is OUTCOME_UNKNOWN, never 503, once the request wrote or may have', async () => {
    for (const url of ['/wrote-then-lost', '/unknown']) {
      const res = await post(url);
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('OUTCOME_UNKNOWN');
      expect(res.headers['retry-after']).toBeUndefined();
    }
  });

  it('keeps each request its own ledger, however they interleave', async () => {
    const [wrote, read] = await Promise.all([post('/wrote-then-lost'), post('/read')]);
    expect(wrote.json().code).toBe('OUTCOME_UNKNOWN');
    expect(read.json().code).toBe('DATABASE_UNAVAILABLE');
  });

  it('leaves every other failure as it was, a refused connection to another server too', async () => {
    for (const url of ['/bug', '/storage-down']) {
      const res = await post(url);
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('INTERNAL');
    }
  });
});
