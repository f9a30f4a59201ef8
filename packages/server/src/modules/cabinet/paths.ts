import { invalid } from '../../http/errors.ts';

export const ROOT = '/';
export const FOLDER_NAME_INVALID =
  'Folder names cannot be empty, "." or "..", contain "/" or be longer than 100 characters.';
const MAX_SEGMENT = 100;
const MAX_DEPTH = 20;

/** '/a//b/' -> '/a/b'; any segment that is empty, '.', '..', too long or has control characters is refused. */
export function normalizePath(input: string): string {
  const segments = input
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);
  if (segments.length > MAX_DEPTH) throw invalid({ path: 'Folders nest at most 20 deep.' });
  for (const segment of segments) checkFolderName(segment);
  return segments.length ? `/${segments.join('/')}` : ROOT;
}

export function checkFolderName(name: string): string {
  const trimmed = name.trim();
  if (
    !trimmed ||
    trimmed === '.' ||
    trimmed === '..' ||
    trimmed.length > MAX_SEGMENT ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[/\\\u0000-\u001f\u007f]/.test(trimmed)
  ) {
    throw invalid({ name: FOLDER_NAME_INVALID });
  }
  return trimmed;
}

export const parentOf = (path: string) =>
  path === ROOT ? null : path.slice(0, path.lastIndexOf('/')) || ROOT;
export const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
export const join = (parent: string, name: string) => (parent === ROOT ? `/${name}` : `${parent}/${name}`);

/** '/a/b/c' -> ['/a', '/a/b', '/a/b/c'] */
export function ancestry(path: string): string[] {
  const out: string[] = [];
  let current = path;
  while (current !== ROOT) {
    out.unshift(current);
    current = parentOf(current) ?? ROOT;
  }
  return out;
}
