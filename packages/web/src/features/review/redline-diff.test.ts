import { describe, expect, it } from 'vitest';
import { describeChange, redlineOf } from './redline-diff.ts';

const source = '1. **Purpose.** Each party may share confidential information to evaluate A pilot project.';
const passage = (quote: string) => {
  const start = source.indexOf(quote);
  return { start, end: start + quote.length, quote };
};

describe('redline of a suggestion', () => {
  it('shows a replacement as the words removed and the words added, in context', () => {
    const parts = redlineOf(source, {
      kind: 'replace',
      ...passage('A pilot project'),
      text: 'A joint venture',
    });
    expect(parts?.filter((p) => p.kind === 'removed').map((p) => p.value.trim())).toEqual(['pilot project']);
    expect(parts?.filter((p) => p.kind === 'added').map((p) => p.value.trim())).toEqual(['joint venture']);
    expect(parts?.map((p) => (p.kind === 'added' ? '' : p.value)).join('')).toContain(
      'evaluate A pilot project.',
    );
  });

  it('shows an insert after the passage and a delete of it; a stale quote shows nothing', () => {
    const inserted = redlineOf(source, { kind: 'insert', ...passage('project'), text: ' in Springfield' });
    expect(inserted?.filter((p) => p.kind === 'added').map((p) => p.value.trim())).toEqual([
      'in Springfield',
    ]);
    const deleted = redlineOf(source, { kind: 'delete', ...passage(' A pilot project'), text: '' });
    expect(deleted?.some((p) => p.kind === 'added')).toBe(false);
    expect(
      deleted
        ?.filter((p) => p.kind === 'removed')
        .map((p) => p.value)
        .join(''),
    ).toContain('pilot project');
    expect(redlineOf(source, { kind: 'delete', start: 0, end: 3, quote: 'xyz', text: '' })).toBeNull();
  });

  it('names each kind of change', () => {
    expect(describeChange({ kind: 'replace', quote: 'A pilot', text: 'x' })).toBe('Replace "A pilot"');
    expect(describeChange({ kind: 'comment', quote: '', text: '' })).toBe('Comment');
  });
});
