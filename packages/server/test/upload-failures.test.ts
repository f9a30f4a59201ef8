import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_FULL_MESSAGE } from '../src/http/upload-failure.ts';
import { accountCaller, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let me: SignedIn;
let port = 0;
const call = accountCaller(() => t);
beforeAll(async () => {
  t = await createTestApp();
  me = await signedIn(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
// A connection left hanging would keep this from closing.
afterAll(() => t.close());

const BOUNDARY = 'charter-upload-failure';
/** A multipart body with one PDF of `size` bytes. */
const uploadBody = (size: number) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="Big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    ),
    Buffer.alloc(size, 7),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

type Answer = { status: number; body: string };

function request(agent: http.Agent, method: string, url: string, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    if (body) {
      req.setHeader('authorization', me.accountBearer);
      req.setHeader('content-type', `multipart/form-data; boundary=${BOUNDARY}`);
      req.setHeader('content-length', body.length);
    }
    req.end(body);
  });
}

describe('an upload on a full disk', () => {
  it('answers 507 STORAGE_FULL, keeps nothing, and leaves the keep-alive connection usable', async () => {
    // The spooled upload goes to /dev/full, where every write fails with the kernel's ENOSPC.
    const createWriteStream = fs.createWriteStream;
    const spy = vi
      .spyOn(fs, 'createWriteStream')
      .mockImplementation(((file: fs.PathLike, options?: Parameters<typeof createWriteStream>[1]) =>
        String(file).endsWith('.upload')
          ? createWriteStream('/dev/full')
          : createWriteStream(file, options)) as typeof fs.createWriteStream);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let connections = 0;
    const count = () => connections++;
    t.app.server.on('connection', count);
    try {
      // Much larger than the socket buffers: the client is still sending when the write fails.
      const failed = await request(
        agent,
        'POST',
        '/api/account/storage/upload?path=/Full',
        uploadBody(8 << 20),
      );
      expect(spy).toHaveBeenCalled();
      expect(failed.status).toBe(507);
      expect(JSON.parse(failed.body)).toMatchObject({ code: 'STORAGE_FULL', message: STORAGE_FULL_MESSAGE });
      spy.mockRestore();
      // The server read the rest of the upload, so the same connection serves the next request.
      expect((await request(agent, 'GET', '/api/health')).status).toBe(200);
      expect(connections).toBe(1);
    } finally {
      t.app.server.off('connection', count);
      spy.mockRestore();
      agent.destroy();
    }
    expect(fs.readdirSync(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
    expect((await call(me, 'GET', '/api/account/storage/folder?path=/Full')).status).toBe(404);
  });

  it('answers the same when the store refuses the bytes for lack of space', async () => {
    const storage = t.ctx.storage;
    const putFile = storage.putFile;
    storage.putFile = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, copyfile'), { code: 'ENOSPC' });
    };
    const agent = new http.Agent({ keepAlive: true });
    try {
      const failed = await request(agent, 'POST', '/api/account/storage/upload?path=/Full', uploadBody(1024));
      expect(failed.status).toBe(507);
      expect(JSON.parse(failed.body).code).toBe('STORAGE_FULL');
    } finally {
      storage.putFile = putFile;
      agent.destroy();
    }
  });
});
