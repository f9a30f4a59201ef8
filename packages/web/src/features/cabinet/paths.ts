import type { CabinetFile, CabinetItem } from './types.ts';

export const ROOT = '/';
export const CABINET_TITLE = 'File Cabinet';

/** '/a//b/' -> '/a/b'; anything empty is the root. */
export function normalizePath(path: string | null | undefined): string {
  const segments = (path ?? '')
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);
  return segments.length ? `/${segments.join('/')}` : ROOT;
}

export const joinPath = (parent: string, name: string) =>
  parent === ROOT ? `/${name.trim()}` : `${parent}/${name.trim()}`;

/** A path for a query string, its slashes left readable (?path=/A/B). */
export const encodePath = (path: string) => encodeURIComponent(path).replaceAll('%2F', '/');

/** The page's query string for a folder: none for the root. */
export const folderSearch = (path: string) => (path === ROOT ? '' : `?path=${encodePath(path)}`);

export type Breadcrumb = { name: string; path: string };

/** '/A/B' -> File Cabinet (/), A (/A), B (/A/B). */
export function breadcrumbSegments(path: string): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [{ name: CABINET_TITLE, path: ROOT }];
  let current = ROOT;
  for (const name of normalizePath(path).split('/').filter(Boolean)) {
    current = joinPath(current, name);
    crumbs.push({ name, path: current });
  }
  return crumbs;
}

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** 512 -> '512 B', 1536 -> '1.5 KB', 10 MiB -> '10 MB'. */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}

export const isPdf = (file: Pick<CabinetFile, 'filename' | 'content_type'>) =>
  file.content_type === 'application/pdf' || /\.pdf$/i.test(file.filename);

/** The preview modal adds '.pdf' to its download name, so its title goes without it. */
export const previewTitle = (filename: string) => filename.replace(/\.pdf$/i, '');

export const itemName = (item: CabinetItem) =>
  item.kind === 'folder' ? item.folder.name : item.file.filename;
