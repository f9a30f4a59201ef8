import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../src/http/error-handler.ts';
import type { App } from '../src/http/types.ts';
import {
  HASHED_CACHE_CONTROL,
  ROBOTS_TXT,
  serveWebApp,
  UNHASHED_CACHE_CONTROL,
} from '../src/http/web-app.ts';

const SCRIPT = `console.log(${JSON.stringify('charter '.repeat(400))});`;
const STAFF = '<!doctype html><script src="/assets/staff-Ab12.js"></script>';
const VISITOR = '<!doctype html><script src="/assets/visitor-Cd34.js"></script>';
const CONSOLE = '<!doctype html><script src="/assets/staffConsole-Ef56.js"></script>';

/** A build as Vite leaves it: pages, hashed assets with their .br/.gz, hidden source maps, the manifest. */
function writeDist() {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-dist-'));
  const write = (file: string, body: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), body);
  };
  write('index.html', STAFF);
  write('visitor.html', VISITOR);
  write('staff.html', CONSOLE);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('assets/staff-Ab12.js', SCRIPT);
  write('assets/staff-Ab12.js.br', zlib.brotliCompressSync(SCRIPT));
  write('assets/staff-Ab12.js.gz', zlib.gzipSync(SCRIPT));
  write('assets/staff-Ab12.js.map', '{"version":3,"sources":["src/secret.ts"]}');
  write('.vite/manifest.json', '{"index.html":{"file":"assets/staff-Ab12.js"}}');
  return dist;
}

describe('the built web app', () => {
  let app: App;
  let dist: string;
  beforeAll(async () => {
    dist = writeDist();
    app = Fastify() as unknown as App;
    installErrorHandler(app);
    await serveWebApp(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('answers a hashed asset compressed as the client accepts, cached for a year', async () => {
    const br = await get('/assets/staff-Ab12.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(HASHED_CACHE_CONTROL);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/staff-Ab12.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/staff-Ab12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('never serves source maps, the build manifest or a compressed file by its own name', async () => {
    for (const url of ['/assets/staff-Ab12.js.map', '/assets/staff-Ab12.js.br', '/assets/gone-Zz99.js']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    // A dot folder is no file of the app: the path falls back to the page like any client route.
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.body).toBe(STAFF);
  });

  it('answers client routes with the staff page, visitor links with the visitor page and /staff with the console, revalidated', async () => {
    // A sign-in code page of the staff app opened directly (a reload, a typed link) is the staff app's.
    const staffPaths = ['/verify-code/magic-link', '/verify-code/verification-email?redirect=/x'];
    for (const url of [
      '/',
      '/login',
      '/c/3/documents',
      '/signup',
      '/rooms/1',
      '/staffing',
      '/c/1/staff',
      ...staffPaths,
    ]) {
      const response = await get(url);
      expect(response.body, url).toBe(STAFF);
      expect(response.headers['cache-control']).toBe(UNHASHED_CACHE_CONTROL);
    }
    const visitorPaths = [
      '/data-room/XYZ/overview',
      '/outside-form/code?x=1',
      '/verify-code/room-visitor?room=a',
    ];
    for (const url of ['/sign/abc123', ...visitorPaths]) {
      const response = await get(url);
      expect(response.body, url).toBe(VISITOR);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe(UNHASHED_CACHE_CONTROL);
    }
    // The staff console (platform admins) is an app of its own.
    for (const url of ['/staff', '/staff/', '/staff/users/12?q=a', '/staff/jobs']) {
      const response = await get(url);
      expect(response.body, url).toBe(CONSOLE);
      expect(response.headers['cache-control']).toBe(UNHASHED_CACHE_CONTROL);
    }
    const favicon = await get('/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe(UNHASHED_CACHE_CONTROL);
  });

  it('answers every page compressed as the client accepts, plain to one that takes neither', async () => {
    for (const [url, page] of [
      ['/login', STAFF],
      ['/sign/abc123', VISITOR],
      ['/staff/jobs', CONSOLE],
    ]) {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type']).toMatch(/text\/html/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(page);
      const gzip = await get(url, 'gzip, deflate');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(page);
      // br refused by quality 0: gzip.
      expect((await get(url, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
      const plain = await get(url, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(page);
    }
  });

  it('serves a robots.txt that keeps crawlers out of the API and the signed-in app', async () => {
    const robots = await get('/robots.txt', 'gzip, br');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toBe(ROBOTS_TXT);
    const lines = robots.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const rule of ['Disallow: /api/', 'Disallow: /c/', 'Disallow: /staff'])
      expect(lines).toContain(rule);
    // Pages opened from a private link stay crawlable, so that their noindex is read.
    expect(robots.body).not.toMatch(/\/(sign|data-room|outside-form|reset-password)/);
  });

  it('lets search engines list the sign-in pages only: every other page says noindex', async () => {
    for (const url of ['/', '/login', '/register', '/forgot-password', '/verify']) {
      expect((await get(url)).headers['x-robots-tag'], url).toBeUndefined();
    }
    for (const url of [
      '/sign/abc123',
      '/data-room/XYZ/overview',
      '/outside-form/code',
      '/shared-cabinet/abc',
      '/reset-password/abc',
      '/verify/magic-link/1/abc',
      '/c/3/home',
      '/staff',
    ]) {
      expect((await get(url)).headers['x-robots-tag'], url).toBe('noindex');
    }
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
