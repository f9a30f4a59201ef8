import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY, US_STATES, validateAddress } from './address.ts';
import { csvCell, toCsv } from './csv.ts';

describe('address', () => {
  it('an empty address is one form error', () => {
    expect(validateAddress({})).toEqual({ _form: 'Full Address required' });
  });

  it('treats blank parts as missing and line two as optional', () => {
    expect(validateAddress({ line_one: ' ', city: '\t', state: '', zip: null })).toEqual({
      _form: 'Full Address required',
    });
    expect(
      validateAddress({ line_one: '1 Main St', line_two: '', city: 'Dover', state: 'DE', zip: ' ' }),
    ).toEqual({ zip: 'Zip required' });
  });

  it('names each missing part', () => {
    expect(validateAddress({ line_one: '1 Main St' })).toEqual({
      city: 'City required',
      state: 'State required',
      zip: 'Zip required',
    });
    expect(validateAddress({ city: 'Dover', state: 'DE', zip: '19901' })).toEqual({
      line_one: 'Line One required',
    });
  });

  it('asks for a country only for universal addresses', () => {
    const full = { line_one: '1 Main St', city: 'Dover', state: 'DE', zip: '19901' };
    expect(validateAddress(full)).toEqual({});
    expect(validateAddress(full, { universal: true })).toEqual({ country: 'Country required' });
    expect(validateAddress({ ...full, country: DEFAULT_COUNTRY }, { universal: true })).toEqual({});
  });

  it('lists 50 states plus District Of Columbia and Virgin Islands', () => {
    expect(US_STATES).toHaveLength(52);
    expect(US_STATES.map((s) => s.name)).toContain('District Of Columbia');
    expect(US_STATES.map((s) => s.name)).toContain('Virgin Islands');
    expect(US_STATES.find((s) => s.name === 'Delaware')?.code).toBe('DE');
    for (const { code } of US_STATES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(52);
  });
});

/** A small RFC 4180 reader, to prove what csvCell and toCsv write reads back unchanged. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === '\n') {
      row.push(cell);
      cell = '';
      if (c === '\n') {
        rows.push(row);
        row = [];
      }
    } else cell += c;
  }
  row.push(cell);
  rows.push(row);
  return rows;
}

describe('CSV quoting', () => {
  it('quotes values with quotes, commas or newlines and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(
      toCsv([
        ['a', 1],
        ['b,c', null],
      ]),
    ).toBe('a,1\n"b,c",');
  });

  it('property: rows written then read give back their values', () => {
    const cellText = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r', 'é') });
    const rows = fc.array(fc.array(cellText, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(rows, (values) => {
        expect(parseCsv(toCsv(values))).toEqual(values);
      }),
    );
  });

  it('property: a cell is quoted exactly when it needs to be', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = csvCell(value);
        if (/[",\r\n]/.test(value)) {
          expect(cell.startsWith('"') && cell.endsWith('"')).toBe(true);
          expect(cell.slice(1, -1).replaceAll('""', '"')).toBe(value);
        } else expect(cell).toBe(value);
      }),
    );
  });
});
