import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY, US_STATES, validateAddress } from './address.ts';

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
