import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus } from '../src/http/errors.ts';
import { type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Errors Fastify or Node raise before any route runs answer like the rest of the API: `{code, message}`
 * with a stable code of errors.ts, as JSON.
 */

let t: TestApp;
let me: SignedIn;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  me = await signedIn(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** The API's error body, with a code the API declares. */
function expectErrorBody(body: unknown, code: string) {
  expect(body).toEqual({ code, message: expect.any(String) });
  expect(Object.keys(errorStatus)).toContain(code);
  expect((body as { message: string }).message.length).toBeGreaterThan(5);
}

/** Writes raw bytes on a fresh connection and reads the whole answer (the server closes it). */
function rawRequest(bytes: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      resolve({ status, headers: head, body: rest.join('\r\n\r\n') });
    });
  });
}

describe("errors Node's HTTP parser raises (clientError)", () => {
  it('431 HEADERS_TOO_LARGE for headers beyond 16 kB', async () => {
    const res = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expectErrorBody(JSON.parse(res.body), 'HEADERS_TOO_LARGE');
  });

  it('400 MALFORMED_REQUEST for bytes that are not HTTP', async () => {
    const res = await rawRequest('GET /api/health HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n');
    expect(res.status).toBe(400);
    expectErrorBody(JSON.parse(res.body), 'MALFORMED_REQUEST');
  });

  it('501 NOT_IMPLEMENTED for a method HTTP does not know', async () => {
    const res = await rawRequest('FROB /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(res.status).toBe(501);
    expectErrorBody(JSON.parse(res.body), 'NOT_IMPLEMENTED');
  });
});

describe('errors Fastify raises', () => {
  const post = (url: string, payload: string | Buffer, contentType: string, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': contentType, ...(authorization ? { authorization } : {}) },
    });

  it('413 PAYLOAD_TOO_LARGE for a JSON body over the 1 MB limit', async () => {
    const big = JSON.stringify({ company_name: 'x'.repeat(1_100_000) });
    const res = await post('/api/user/accounts', big, 'application/json', me.bearer);
    expect(res.statusCode).toBe(413);
    expectErrorBody(res.json(), 'PAYLOAD_TOO_LARGE');
  });

  it('415 UNSUPPORTED_MEDIA_TYPE for a body no parser reads', async () => {
    const res = await post('/api/user/accounts', '<company/>', 'application/xml', me.bearer);
    expect(res.statusCode).toBe(415);
    expectErrorBody(res.json(), 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('400 VALIDATION_ERROR for broken or empty JSON, naming the problem', async () => {
    const broken = await post('/api/user/accounts', '{"company_name":', 'application/json', me.bearer);
    expect(broken.statusCode).toBe(400);
    expectErrorBody(broken.json(), 'VALIDATION_ERROR');
    expect(broken.json().message).toBe('The request body is not valid JSON.');
    const empty = await post('/api/user/accounts', '', 'application/json', me.bearer);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The request body is empty, but its Content-Type says JSON.');
  });

  it('404 NOT_FOUND for a path no route has', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expectErrorBody(res.json(), 'NOT_FOUND');
  });

  it('405 METHOD_NOT_ALLOWED, with Allow, for a path that takes other methods', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me?x=1',
      headers: { authorization: me.bearer },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expectErrorBody(res.json(), 'METHOD_NOT_ALLOWED');
    expect(res.json().message).toBe('/api/user/me does not take PATCH; it takes GET, HEAD.');
    // A path of one id takes what its route takes.
    const project = await t.app.inject({
      method: 'POST',
      url: '/api/account/project/5',
      headers: { authorization: me.accountBearer },
    });
    expect(project.statusCode).toBe(405);
    expect(project.headers.allow).toBe('GET, HEAD, PUT, DELETE');
  });

  it('414 URI_TOO_LONG for a path parameter beyond the router limit', async () => {
    const res = await t.app.inject(`/api/public/sign/${'a'.repeat(2100)}/document`);
    expect(res.statusCode).toBe(414);
    expectErrorBody(res.json(), 'URI_TOO_LONG');
  });

  it('400 VALIDATION_ERROR for a path that cannot be decoded', async () => {
    const res = await t.app.inject('/api/public/sign/%E0%A4%A/document');
    expect(res.statusCode).toBe(400);
    expectErrorBody(res.json(), 'VALIDATION_ERROR');
  });
});

describe('a request that reaches a closing server', () => {
  it('answers 503 SHUTTING_DOWN with Retry-After, not Fastify’s own body', async () => {
    const closing = await createTestApp();
    // Fastify stops routing before preClose hooks run; a request on a connection still open (here through
    // a server of the test's own, handing requests to the app) meets the closing server.
    let answer: { status: number; retryAfter: string | null; body: unknown } | null = null;
    closing.app.addHook('preClose', async () => {
      const relay = http.createServer((req, res) => closing.app.routing(req, res));
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
      const { port: relayPort } = relay.address() as net.AddressInfo;
      const res = await fetch(`http://127.0.0.1:${relayPort}/api/health`);
      answer = { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
      relay.closeAllConnections();
      await new Promise((resolve) => relay.close(resolve));
    });
    await closing.app.ready();
    expect((await closing.app.inject('/api/health')).statusCode).toBe(200);
    await closing.close();
    expect(answer).not.toBeNull();
    const { status, retryAfter, body } = answer as unknown as NonNullable<typeof answer>;
    expect(status).toBe(503);
    expect(retryAfter).toBe('5');
    expectErrorBody(body, 'SHUTTING_DOWN');
  });
});
