import { describe, expect, it } from 'vitest';
import { applyChange, applyChanges, overlaps, type TextChange } from './redline.ts';

const text = 'The parties agree to keep secrets for two years.';
const at = (quote: string, kind: TextChange['kind'], replacement = '', id?: number): TextChange => {
  const start = text.indexOf(quote);
  return { id, kind, start, end: start + quote.length, quote, text: replacement };
};

describe('redline changes', () => {
  it('replaces, deletes and inserts after a passage, applied together in order', () => {
    const result = applyChanges(text, [
      at('two years', 'replace', 'three years'),
      at('secrets ', 'delete'),
      at('parties', 'insert', ' (both of them)'),
      at('agree', 'comment'),
    ]);
    expect(result).toEqual({ ok: true, text: 'The parties (both of them) agree to keep for three years.' });
  });

  it('refuses overlapping changes and quotes that no longer match', () => {
    const a = at('keep secrets', 'replace', 'guard', 1);
    const b = at('secrets for', 'delete', '', 2);
    expect(overlaps(a, b)).toBe(true);
    expect(applyChanges(text, [a, b])).toEqual({ ok: false, reason: 'overlap', ids: [1, 2] });
    // An insert after a passage inside another change's passage overlaps it; one at its edge does not.
    expect(overlaps(at('keep', 'insert', 'x'), at('keep secrets', 'delete'))).toBe(true);
    expect(overlaps(at('secrets', 'insert', 'x'), at('keep secrets', 'delete'))).toBe(false);
    expect(applyChanges(text, [{ ...a, quote: 'keep secretz' }])).toEqual({
      ok: false,
      reason: 'quote',
      id: 1,
    });
    expect(applyChange(text, at('two', 'replace', '2'))).toBe(
      'The parties agree to keep secrets for 2 years.',
    );
  });
});
