import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, nounFor } from './counts.ts';

describe('counts of things', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'document')).toBe('1 document');
    expect(countOf(0, 'document')).toBe('0 documents');
    expect(countOf(2, 'visit')).toBe('2 visits');
    expect(countOf(1250, 'visit')).toBe('1,250 visits');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
    expect(nounFor(1, 'member')).toBe('member');
    expect(nounFor(1.5, 'member')).toBe('members');
  });

  it('property: only exactly one takes the singular', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => {
        expect(countOf(n, 'row').endsWith(n === 1 ? ' row' : ' rows')).toBe(true);
      }),
    );
  });
});
