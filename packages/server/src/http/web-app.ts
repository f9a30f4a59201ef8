import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { isStaffConsolePath, isVisitorPath } from '@charter/domain';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { notFound } from './errors.ts';
import type { App } from './types.ts';

/** Files under assets/ are named by their content hash: a URL there never changes what it answers. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The pages and other unhashed files are revalidated on every use, so a deploy shows at once. */
export const UNHASHED_CACHE_CONTROL = 'no-cache';

/**
 * The pages a search engine may list: the sign-in pages and the public check of a sealed PDF. Every other
 * page is answered with `X-Robots-Tag: noindex`: a visitor's page is opened from a private link (a
 * signing link, a room's code, a form's code, a reset link), and a signed-in page shows nothing to a
 * crawler but the login.
 */
export const INDEXABLE_PAGES: readonly string[] = ['/', '/login', '/register', '/forgot-password', '/verify'];

/**
 * robots.txt: no API (a crawler that renders the pages fetches none of their data, so a crawled room
 * records no visit) and none of the signed-in app's pages (they redirect to /login). Pages opened from a
 * private link are not disallowed, on purpose: a disallowed URL can still be listed from a link to it,
 * while a crawled page that says noindex is dropped (Google's and Bing's documented behaviour).
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  ...[
    '/api/',
    '/c/',
    '/home',
    '/settings',
    '/user-settings',
    '/dashboard',
    '/plans',
    '/company-select',
    '/new-company',
    '/remote-login',
    '/register/confirm-email',
    '/staff',
  ].map((prefix) => `Disallow: ${prefix}`),
  '',
].join('\n');

/** A page's bytes as they are and compressed once at start (2-3 kB of HTML: a few milliseconds). */
type Page = { identity: Buffer; br: Buffer; gzip: Buffer };
const compressed = (identity: Buffer): Page => ({
  identity,
  br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: zlib.gzipSync(identity, { level: 9 }),
});

/**
 * The built web app in `dist`: each file as .br or .gz when the build made one and the client takes it,
 * visitor.html for the visitor paths (signing, data rooms, outside forms), staff.html for the staff
 * console (/staff, platform admins), index.html for every other client route, each page compressed as
 * the client takes it too; robots.txt. Source maps, the build manifest and unknown assets answer 404.
 */
export async function serveWebApp(app: App, dist: string | null) {
  if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) return;
  const assets = path.join(dist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: dist,
    // One route per file found at start (dot folders such as .vite/ are left out).
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // Maps stay on disk for whoever runs the server; compressed siblings are chosen, not addressed.
    globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
    setHeaders: (reply, file) =>
      reply.header('cache-control', file.startsWith(assets) ? HASHED_CACHE_CONTROL : UNHASHED_CACHE_CONTROL),
  });
  const staffPage = compressed(fs.readFileSync(path.join(dist, 'index.html')));
  const visitorFile = path.join(dist, 'visitor.html');
  const visitorPage = fs.existsSync(visitorFile) ? compressed(fs.readFileSync(visitorFile)) : staffPage;
  const consoleFile = path.join(dist, 'staff.html');
  const consolePage = fs.existsSync(consoleFile) ? compressed(fs.readFileSync(consoleFile)) : staffPage;
  const pageFor = (pathname: string) =>
    isVisitorPath(pathname) ? visitorPage : isStaffConsolePath(pathname) ? consolePage : staffPage;
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', UNHASHED_CACHE_CONTROL).send(ROBOTS_TXT),
  );
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0];
    // An asset missing from this build (a page loaded before a deploy) must fail, not turn into HTML.
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/') || pathname.endsWith('.map')) {
      throw notFound(`Route ${request.method} ${request.url} not found`);
    }
    const page = pageFor(pathname);
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? negotiate<'br' | 'gzip'>(accepted, ['br', 'gzip']) : null;
    reply.type('text/html').header('cache-control', UNHASHED_CACHE_CONTROL).header('vary', 'accept-encoding');
    if (!INDEXABLE_PAGES.includes(pathname)) reply.header('x-robots-tag', 'noindex');
    if (!encoding) return reply.send(page.identity);
    return reply.header('content-encoding', encoding).send(page[encoding]);
  });
}
