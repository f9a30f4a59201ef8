import { asSigningTag, type FieldKind } from '@charter/domain';

/**
 * Document bodies are Markdown with tokens bound to answers:
 *   {{question_id}}                  an answer
 *   {{question_id | filter}}         formatted: date, currency, upper, list
 *   {{question_id.field_id}}         a field of a resource list, every entry joined
 *   {{#each question_id}}…{{/each}}  a block repeated per entry, with {{.field_id}} inside
 * and signing tags, bound to the task's signers rather than to answers:
 *   {{sign:Role}}, {{initials:Role}}, {{date:Role}}, {{name:Role}}, {{text:Role}}, {{check:Role}}
 */
export const TOKEN_FILTERS = ['date', 'currency', 'upper', 'list'] as const;

export type TokenUse = { path: string[]; filter: string | null; line: number; inEach: string | null };
export type TagUse = { kind: FieldKind; role: string; line: number; raw: string };

/**
 * One token: [1] '#' or '/' for a block's start or end, [2] the path (or 'each name'), [3] the filter.
 * Global, so read it with matchAll or replace (which copy it), never exec or test.
 */
export const TOKEN = /\{\{\s*([#/]?)([^}|]+?)\s*(?:\|\s*([a-z]+)\s*)?\}\}/g;

/** Every token and signing tag of a body, with where it stands, for the library check. */
export function tokensOf(body: string): { uses: TokenUse[]; tags: TagUse[]; problems: string[] } {
  const uses: TokenUse[] = [];
  const tags: TagUse[] = [];
  const problems: string[] = [];
  const open: string[] = [];
  body.split('\n').forEach((text, index) => {
    const line = index + 1;
    for (const match of text.matchAll(TOKEN)) {
      const [raw, sigil, rawPath, filter] = match;
      const path = rawPath.trim();
      const tag = asSigningTag(raw);
      if (tag) {
        tags.push({ kind: tag.kind, role: tag.role, line, raw });
        continue;
      }
      // No question id has a colon: this was meant as a signing tag.
      if (path.includes(':')) {
        problems.push(
          `line ${line}: ${raw} is not a signing tag ({{sign:Role}}, initials, date, name, text, check)`,
        );
        continue;
      }
      if (sigil === '#') {
        const [keyword, name] = path.split(/\s+/);
        if (keyword !== 'each' || !name) problems.push(`line ${line}: unknown block {{#${path}}}`);
        else {
          open.push(name);
          uses.push({ path: [name], filter: null, line, inEach: null });
        }
        continue;
      }
      if (sigil === '/') {
        if (path !== 'each' || !open.pop()) problems.push(`line ${line}: {{/${path}}} closes nothing`);
        continue;
      }
      if (filter && !(TOKEN_FILTERS as readonly string[]).includes(filter)) {
        problems.push(`line ${line}: unknown filter "${filter}"`);
      }
      const inEach = open.at(-1) ?? null;
      const parts = path.startsWith('.') ? [inEach ?? '', path.slice(1)] : path.split('.');
      if (path.startsWith('.') && !inEach) problems.push(`line ${line}: {{${path}}} outside {{#each}}`);
      uses.push({ path: parts, filter: filter ?? null, line, inEach });
    }
  });
  if (open.length > 0) problems.push(`{{#each ${open.join(', ')}}} is never closed`);
  return { uses, tags, problems };
}
