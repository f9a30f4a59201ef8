import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY, US_STATES, validateAddress } from './address.ts';
import { csvCell, toCsv } from './csv.ts';

describe('address', () => {
  it('an empty address is one form error', () => {
    expect(validateAddress({})).toEqual({ _form: 'Full Address required' });
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
  });
});

/** A small RFC 4180 reader, to prove what csvCell writes reads back unchanged. */
function parseCsvRow(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

describe('CSV quoting', () => {
  it('quotes values with quotes, commas or newlines and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(
      toCsv([
        ['a', 1],
        ['b,c', null],
      ]),
    ).toBe('a,1\n"b,c",');
  });

  it('property: a row written then read gives back its values', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 6 }), (values) => {
        expect(parseCsvRow(values.map(csvCell).join(','))).toEqual(values);
      }),
    );
  });
});
