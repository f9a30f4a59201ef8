import fs from 'node:fs';
import path from 'node:path';
import { isStaffConsolePath, isVisitorPath } from '@charter/domain';
import fastifyStatic from '@fastify/static';
import { notFound } from './errors.ts';
import type { App } from './types.ts';

/** Files under assets/ are named by their content hash: a URL there never changes what it answers. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The pages and other unhashed files are revalidated on every use, so a deploy shows at once. */
export const UNHASHED_CACHE_CONTROL = 'no-cache';

/**
 * The built web app in `dist`: each file as .br or .gz when the build made one and the client takes it,
 * visitor.html for the visitor paths (signing, data rooms, outside forms), staff.html for the staff
 * console (/staff, platform admins), index.html for every other
 * client route. Source maps, the build manifest and unknown assets answer 404.
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
  const staffPage = fs.readFileSync(path.join(dist, 'index.html'));
  const visitorFile = path.join(dist, 'visitor.html');
  const visitorPage = fs.existsSync(visitorFile) ? fs.readFileSync(visitorFile) : staffPage;
  const consoleFile = path.join(dist, 'staff.html');
  const consolePage = fs.existsSync(consoleFile) ? fs.readFileSync(consoleFile) : staffPage;
  const pageFor = (pathname: string) =>
    isVisitorPath(pathname) ? visitorPage : isStaffConsolePath(pathname) ? consolePage : staffPage;
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0];
    // An asset missing from this build (a page loaded before a deploy) must fail, not turn into HTML.
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/') || pathname.endsWith('.map')) {
      throw notFound(`Route ${request.method} ${request.url} not found`);
    }
    return reply.type('text/html').header('cache-control', UNHASHED_CACHE_CONTROL).send(pageFor(pathname));
  });
}
