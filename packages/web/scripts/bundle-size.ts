import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** DESIGN.md §6: initial JS of each page, gzipped, in bytes (kB as Vite reports them: 1,000 bytes). */
export const INITIAL_JS_BUDGETS: Record<string, number> = {
  'index.html': 300_000,
  'visitor.html': 170_000,
  // The staff console (platform admins): its pages load lazily after the shell.
  'staff.html': 300_000,
};

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
export type InitialJs = { page: string; files: string[]; bytes: number; gzipBytes: number; budget: number };

export const webDist = path.resolve(import.meta.dirname, '../dist');

/**
 * What each HTML page loads before it can draw: its entry chunk and every chunk that chunk imports
 * statically (Vite preloads those), read from the build manifest, sized raw and gzipped at level 9.
 */
export function initialJs(dist = webDist): InitialJs[] {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  );
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([page, entry]) => {
      const files = new Set<string>();
      const visit = (chunk: ManifestChunk) => {
        if (files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const key of chunk.imports ?? []) visit(manifest[key]);
      };
      visit(entry);
      const bodies = [...files].map((file) => fs.readFileSync(path.join(dist, file)));
      return {
        page,
        files: [...files],
        bytes: bodies.reduce((sum, body) => sum + body.length, 0),
        gzipBytes: bodies.reduce((sum, body) => sum + zlib.gzipSync(body, { level: 9 }).length, 0),
        budget: INITIAL_JS_BUDGETS[page] ?? 0,
      };
    });
}

/** One line per page: "visitor.html: 98.1 kB gzipped of 170 kB (310.2 kB raw, 2 files)". */
export const describeInitialJs = (sizes: InitialJs[]) =>
  sizes
    .map(
      (s) =>
        `${s.page}: ${(s.gzipBytes / 1000).toFixed(1)} kB gzipped of ${s.budget / 1000} kB ` +
        `(${(s.bytes / 1000).toFixed(1)} kB raw, ${s.files.length} files)`,
    )
    .join('\n');
