import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPRESS_THRESHOLD_BYTES,
  RECENT_COMPRESSED,
  rememberingCompressor,
} from '../src/http/compression.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

describe('compressed answers', () => {
  it('sends a large JSON answer as brotli, else gzip, to a client that takes it', async () => {
    // The OpenAPI document: JSON well past the threshold.
    const plain = await t.app.inject('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await t.app.inject({ url: '/api/docs/json', headers: BROWSER });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers, and answers to clients that take no encoding, as they are', async () => {
    const health = await t.app.inject({ url: '/api/health', headers: BROWSER });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
    const identity = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('does not take compressed request bodies', async () => {
    const body = zlib.gzipSync(JSON.stringify({ email: 'someone@example.com' }));
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/public/user/password/forgot',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
  });

  it('compresses the same bytes once while they are among the last answers, and only those', () => {
    let calls = 0;
    const compress = rememberingCompressor((input) => {
      calls += 1;
      return zlib.gzipSync(input);
    });
    const answer = (n: number) => Buffer.from(JSON.stringify({ documents: Array(500).fill(`doc ${n}`) }));
    const first = compress(answer(1));
    expect(compress(answer(1))).toBe(first);
    expect(calls).toBe(1);
    // Same length, other bytes: compressed on their own.
    expect(zlib.gunzipSync(compress(answer(2))).toString()).toBe(answer(2).toString());
    expect(calls).toBe(2);
    // What the caller does with its buffer afterwards changes nothing kept.
    const reused = answer(3);
    compress(reused);
    reused.fill(0x20);
    expect(zlib.gunzipSync(compress(answer(3))).toString()).toBe(answer(3).toString());
    expect(calls).toBe(3);
    // Past the last RECENT_COMPRESSED distinct answers, the oldest is compressed again.
    for (let n = 10; n < 10 + RECENT_COMPRESSED; n++) compress(answer(n));
    calls = 0;
    compress(answer(1));
    expect(calls).toBe(1);
  });
});
