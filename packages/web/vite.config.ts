import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
// By path: the config is bundled on its own, and a workspace package would load as untranspiled TypeScript.
import { isStaffConsolePath, isVisitorPath } from '../domain/src/rules/visitor-paths.ts';

const apiServer = 'http://localhost:3000';

/** The dev server answers visitor paths with visitor.html and /staff with staff.html, as the Charter server does. */
const visitorPages: Plugin = {
  name: 'charter-visitor-pages',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const pathname = request.url?.split('?')[0] ?? '/';
      if (request.method === 'GET' && isVisitorPath(pathname)) request.url = '/visitor.html';
      else if (request.method === 'GET' && isStaffConsolePath(pathname)) request.url = '/staff.html';
      next();
    });
  },
};

export default defineConfig({
  plugins: [
    react(),
    visitorPages,
    // Each text asset also as .br and .gz at the highest levels, made once here and served as they are.
    compression({
      include: /\.(js|mjs|css|html|svg|json)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiServer, changeOrigin: false, ws: true },
      '/.well-known': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps stay on disk for whoever runs the server (the server never serves them).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the bundle budget test reads each page's initial chunks from it.
    manifest: true,
    rolldownOptions: {
      input: {
        staff: path.resolve(import.meta.dirname, 'index.html'),
        visitor: path.resolve(import.meta.dirname, 'visitor.html'),
        // The staff console of platform admins ('staff' above is the workspace app, by its older name).
        staffConsole: path.resolve(import.meta.dirname, 'staff.html'),
      },
    },
  },
});
