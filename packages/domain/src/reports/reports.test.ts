import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, parseCsv, toCsv } from './csv.ts';
import { displayDate, displayValue, parseAddress, sortKey } from './display.ts';

describe('report values (spec 3 §5)', () => {
  it('shows empty values as --, pipes as commas, booleans as Yes/No and percents as percent', () => {
    expect(displayValue('string', '')).toBe('--');
    expect(displayValue('string', '   ')).toBe('--');
    expect(displayValue('string', null)).toBe('--');
    expect(displayValue('options', 'Board|Officers| Staff')).toBe('Board, Officers, Staff');
    expect(displayValue('boolean', 'true')).toBe('Yes');
    expect(displayValue('boolean', 'false')).toBe('No');
    expect(displayValue('percent', '12.5')).toBe('12.5%');
    expect(displayValue('percent', '7%')).toBe('7%');
    expect(displayValue('checkbox_group', '["A","B"]')).toBe('A, B');
  });

  it('shows numbers with thousands separators and amounts in dollars, every digit kept', () => {
    expect(displayValue('integer', '4000000')).toBe('4,000,000');
    expect(displayValue('number', '-1234567.125')).toBe('-1,234,567.125');
    expect(displayValue('float', '0.25')).toBe('0.25');
    expect(displayValue('integer', 'about ten')).toBe('about ten');
    expect(displayValue('currency', '4000000')).toBe('$4,000,000.00');
    expect(displayValue('currency', '$1,234.50')).toBe('$1,234.50');
    expect(displayValue('currency', '-$1,234.50')).toBe('-$1,234.50');
    expect(displayValue('currency', '($500)')).toBe('-$500.00');
    expect(displayValue('float_currency', '$0.00001')).toBe('$0.00001');
    // Text fields stay as typed, digits or not.
    expect(displayValue('string', '4000000')).toBe('4000000');
  });

  it('shows only the last 4 digits of a 9-digit social security number', () => {
    expect(displayValue('social_security', '123456789')).toBe('6789');
    expect(displayValue('social_security', '123-45-6789')).toBe('6789');
    expect(displayValue('social_security', '12345')).toBe('12345');
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (ssn) => {
        const shown = displayValue('social_security', ssn);
        expect(shown).toBe(ssn.slice(5));
        expect(shown).toHaveLength(4);
      }),
    );
  });

  it('reads every date format of the spec and shows MM/DD/YYYY', () => {
    for (const input of [
      '07-04-2025',
      '07/04/2025',
      'Jul 4th, 2025',
      '4 Jul 2025',
      'Jul 4, 2025',
      'Jul. 4, 2025',
      '2025-07-04',
    ]) {
      expect(displayDate(input), input).toBe('07/04/2025');
      expect(displayValue('date', input), input).toBe('07/04/2025');
    }
    expect(displayDate('not a date')).toBeNull();
    expect(displayValue('date', 'someday')).toBe('someday');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          const [y, m, day] = iso.split('-');
          expect(displayDate(`${m}/${day}/${y}`)).toBe(`${m}/${day}/${y}`);
          expect(displayDate(iso)).toBe(`${m}/${day}/${y}`);
        },
      ),
    );
  });

  it('parses addresses from stored JSON and from multi-line text', () => {
    expect(parseAddress('1 Main St\nSuite 2\nDover, DE 19901')).toEqual({
      line_one: '1 Main St',
      line_two: 'Suite 2',
      city: 'Dover',
      state: 'DE',
      zip: '19901',
      country: '',
    });
    expect(parseAddress('10 Rue X\nParis, IDF 75001\nFrance').country).toBe('France');
    expect(displayValue('address', '1 Main St\nDover, DE 19901')).toBe('1 Main St, Dover, DE 19901');
    expect(
      displayValue(
        'address',
        JSON.stringify({ line_one: '1 Main St', city: 'Dover', state: 'DE', zip: '19901' }),
      ),
    ).toBe('1 Main St, Dover, DE 19901');
  });

  it('sorts dates by time and numbers by value', () => {
    expect(sortKey('date', '01/02/2024') < sortKey('date', 'Dec 1, 2024')).toBe(true);
    expect(sortKey('currency', '$1,000') > sortKey('currency', '$900')).toBe(true);
  });
});

describe('report CSV', () => {
  it('quotes commas, quotes and line breaks and neutralises formula-like cells', () => {
    const csv = toCsv([
      ['Name', 'Note'],
      ['=HYPERLINK("x")', 'a, b'],
      ['+1', 'say "hi"'],
      ['-2', 'two\nlines'],
      ['@SUM(A1)', ''],
    ]);
    expect(csv.split('\r\n')[0]).toBe('Name,Note');
    expect(csv).toContain(`"'=HYPERLINK(""x"")","a, b"`);
    expect(csv).toContain(`+1,"say ""hi"""`);
    expect(csv).toContain(`-2,"two\nlines"`);
    expect(csv).toContain(`'@SUM(A1),`);
  });

  it('neutralises only what a spreadsheet would run: signed numbers and phones keep their value', () => {
    for (const kept of [
      '+1 (202) 555-1234',
      '-5',
      '-1,000.50',
      '-$1,234.50',
      '+44 20 7946 0958',
      '-12.5%',
      '-',
    ]) {
      expect(neutraliseCell(kept), kept).toBe(kept);
    }
    for (const formula of [
      '=1+1',
      '=HYPERLINK("http://x","y")',
      '@SUM(A1:A2)',
      "+cmd|' /C calc'!A0",
      '-2+3',
      '-1+A1',
      '+A1',
      '-SUM(A1)',
      '\t=1',
      '\r=1',
    ]) {
      expect(neutraliseCell(formula), formula).toBe(`'${formula}`);
    }
    // In a file: written as typed, no apostrophe, and unquoted (nothing in them needs CSV quoting).
    const [, line] = toCsv([
      ['Phone', 'Amount'],
      ['+1 (202) 555-1234', '-5'],
    ]).split('\r\n');
    expect(line).toBe('+1 (202) 555-1234,-5');
  });

  it('reads back every row it writes, formula-like cells only prefixed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const back = parseCsv(toCsv([['a', 'b'], ...rows]));
          expect(back).toEqual([['a', 'b'], ...rows.map((row) => row.map(neutraliseCell))]);
        },
      ),
    );
  });
});
