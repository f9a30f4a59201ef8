import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const pages = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);

describe('the documentation a contributor reads', () => {
  it('links only to files inside the repository, and every one exists', () => {
    const problems: string[] = [];
    for (const page of pages) {
      const text = fs.readFileSync(path.join(root, page), 'utf8');
      // Markdown links to local files, and paths written in code spans that climb out of the repository.
      const targets = [
        ...[...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
          .map((m) => m[1])
          .filter((t) => !/^[a-z]+:/.test(t)),
        ...[...text.matchAll(/`(\.\.\/[^`\s]+)`/g)].map((m) => m[1]),
      ];
      for (const target of targets) {
        const resolved = path.resolve(path.dirname(path.join(root, page)), target);
        if (!resolved.startsWith(root + path.sep))
          problems.push(`${page}: ${target} is outside the repository`);
        else if (!fs.existsSync(resolved)) problems.push(`${page}: ${target} does not exist`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('include the design in docs/', () => {
    expect(pages).toContain('docs/design.md');
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('(docs/design.md)');
  });
});
