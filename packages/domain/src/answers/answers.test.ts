import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateLegalName } from './company-names.ts';
import { formatDate, formatMonth, parseDateInput, parseMonthInput } from './dates.ts';
import { formatCurrency, formatPercent, groupThousands, parseCurrency, validateCurrency } from './money.ts';
import { decodeShareLinks, encodeShareLinks, normalizeUrl, validateShareLinks } from './share-links.ts';
import { maskSsn, sanitizeSsn, validateSsn } from './ssn.ts';
import { emptyResourceMessages, evaluateValidators } from './validators.ts';

describe('dates', () => {
  it('reads the six input formats and shows MM/DD/YYYY', () => {
    for (const input of [
      '07-25-2025',
      '07/25/2025',
      'Jul 25th, 2025',
      '25 Jul 2025',
      'Jul 25, 2025',
      'Jul. 25, 2025',
      '7/25/2025',
    ]) {
      const parsed = parseDateInput(input);
      expect(parsed, input).toEqual({ ok: true, iso: '2025-07-25' });
    }
    expect(formatDate('2025-07-25')).toBe('07/25/2025');
  });

  it('names what is wrong', () => {
    expect(parseDateInput('')).toEqual({ ok: false, message: 'Date required' });
    expect(parseDateInput('07/25')).toEqual({ ok: false, message: 'Full date required' });
    expect(parseDateInput('07/25/25')).toEqual({ ok: false, message: 'Full 4 digit year required.' });
    expect(parseDateInput('02/30/2024')).toEqual({ ok: false, message: 'Valid date required' });
    expect(parseDateInput('soon')).toEqual({ ok: false, message: 'Valid date required' });
  });

  it('reads months as MM/YYYY', () => {
    expect(parseMonthInput('3/2026')).toEqual({ ok: true, iso: '2026-03' });
    expect(parseMonthInput('2026')).toEqual({ ok: false, message: 'Month and Year required' });
    expect(formatMonth('2026-03')).toBe('03/2026');
  });

  it('property: any real date shown then read back is the same date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(parseDateInput(formatDate(iso))).toEqual({ ok: true, iso });
        },
      ),
    );
  });
});

describe('currency', () => {
  it('reads amounts, with parentheses or a minus for negatives', () => {
    expect(parseCurrency('$1,234.50')).toBe(1234.5);
    expect(parseCurrency('($1,000)')).toBe(-1000);
    expect(parseCurrency('-$5.25')).toBe(-5.25);
    expect(parseCurrency('$abc')).toBeNull();
    expect(validateCurrency('$')).toBe('Currency required');
    expect(validateCurrency('')).toBe('Currency required');
    expect(formatCurrency(-1234.5)).toBe('-$1,234.50');
    expect(formatPercent(12.5)).toBe('12.5%');
  });

  it('groups the digits of stored numbers by thousands, keeping every digit', () => {
    expect(
      [
        '0',
        '999',
        '1000',
        '1000000',
        '-1234567.125',
        '+12345',
        '12.5%',
        '1234.5%',
        '12345678901234567890',
      ].map(groupThousands),
    ).toEqual([
      '0',
      '999',
      '1,000',
      '1,000,000',
      '-1,234,567.125',
      '12,345',
      '12.5%',
      '1,234.5%',
      '12,345,678,901,234,567,890',
    ]);
    for (const other of ['', '1,000', '$1,000.00', '1e6', '12 shares', '.5', '19901-1234'])
      expect(groupThousands(other)).toBeNull();
  });

  it('property: formatted amounts read back to the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(parseCurrency(formatCurrency(cents / 100))).toBe(cents / 100);
      }),
    );
  });
});

describe('social security numbers', () => {
  it('keeps nine digits, masks all but the last four, and wants all nine', () => {
    expect(sanitizeSsn('123-45-67891')).toBe('123456789');
    expect(maskSsn('123-45-6789')).toBe('*****6789');
    expect(validateSsn('12345678')).toBe('Full social security required.');
    expect(validateSsn('123-45-6789')).toBeNull();
  });

  it('property: the mask never shows more than the last four digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (ssn) => {
        const masked = maskSsn(ssn);
        expect(masked).toBe(`*****${ssn.slice(5)}`);
        expect(masked).not.toContain(ssn.slice(0, 5));
      }),
    );
  });
});

describe('share links', () => {
  it('stores [label](url)|... and adds https:// where missing', () => {
    const stored = encodeShareLinks([
      { label: 'Deck', url: 'example.com/deck' },
      { label: 'Model', url: 'http://example.com/m' },
    ]);
    expect(stored).toBe('[Deck](https://example.com/deck)|[Model](http://example.com/m)');
    expect(decodeShareLinks(stored)).toEqual([
      { label: 'Deck', url: 'https://example.com/deck' },
      { label: 'Model', url: 'http://example.com/m' },
    ]);
    expect(normalizeUrl('')).toBe('');
  });

  it('names the missing part', () => {
    expect(validateShareLinks([], true)).toBe('Link required');
    expect(validateShareLinks([{ label: '', url: 'https://x.io' }])).toBe('Label Required');
    expect(validateShareLinks([{ label: 'X', url: ' ' }])).toBe('Url Required');
    expect(validateShareLinks([{ label: 'X', url: 'x.io' }])).toBeNull();
  });

  it("property: any labels and urls survive a round trip, even with the format's own punctuation", () => {
    const link = fc.record({
      label: fc.string({ minLength: 1 }),
      url: fc.string({ minLength: 1 }).map((u) => `https://${u.trim()}`),
    });
    fc.assert(
      fc.property(fc.array(link, { maxLength: 5 }), (links) => {
        expect(decodeShareLinks(encodeShareLinks(links))).toEqual(links);
      }),
    );
  });
});

describe('template validators', () => {
  const answers = { founders: [{ name: 'Ada' }], shares: '1000' };

  it('adds "- {message}" for each pattern the answers do not match', () => {
    const result = evaluateValidators(
      [
        { type: 'Regex', regex: '"founders":\\[\\{', message: 'Add at least one founder.' },
        { type: 'Regex', regex: '"board":\\[\\{', message: 'Add at least one director.' },
      ],
      answers,
    );
    expect(result.messages).toEqual(['- Add at least one director.']);
  });

  it('reports validators that are not a list', () => {
    expect(evaluateValidators({ regex: 'x' }, answers).messages).toEqual([
      'A validation error has occurred, please contact Tech Support',
    ]);
  });

  it('IsNotRequired exempts a resource from the empty-list message', () => {
    const { exempt } = evaluateValidators([{ type: 'IsNotRequired', resource: 'Advisors' }], answers);
    expect(emptyResourceMessages({ Advisors: [], Directors: [] }, exempt)).toEqual([
      '- Input required for: Directors.',
    ]);
  });
});

describe('legal names', () => {
  it('refuses placeholders instead of a full legal name', () => {
    expect(validateLegalName('Company, Inc.')).toBe('Please replace input with full legal name.');
    expect(validateLegalName('TBD LLC')).toBe('Please replace input with full legal name.');
    expect(validateLegalName('Analytical Engines, Inc.')).toBeNull();
  });
});
