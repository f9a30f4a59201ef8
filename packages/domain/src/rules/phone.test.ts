import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPhoneInput,
  PHONE_FORMATTED_LENGTH,
  PHONE_INCOMPLETE,
  PHONE_INVALID,
  phoneDigits,
  validatePhone,
} from './phone.ts';

const validNumber = fc
  .tuple(
    fc.integer({ min: 2, max: 9 }),
    fc.integer({ min: 0, max: 99 }),
    fc.integer({ min: 2, max: 9 }),
    fc.integer({ min: 0, max: 999_999 }),
  )
  .map(([a, b, c, d]) => `${a}${String(b).padStart(2, '0')}${c}${String(d).padStart(6, '0')}`);

describe('phone', () => {
  it('formats a ten-digit number with the +1 prefix to the full 17 characters', () => {
    expect(formatPhoneInput('5555555555')).toBe('+1 (555) 555-5555');
    expect(formatPhoneInput('+1 (415) 555-0132')).toBe('+1 (415) 555-0132');
    expect(formatPhoneInput('1-415-555-0132')).toBe('+1 (415) 555-0132');
    expect(formatPhoneInput('415')).toBe('+1 (415)');
    expect(formatPhoneInput('41555')).toBe('+1 (415) 55');
    expect(formatPhoneInput('abc')).toBe('');
    expect(formatPhoneInput('+1')).toBe('');
    expect(formatPhoneInput('+1 (1')).toBe('+1 (1');
    expect(formatPhoneInput('415 555 0132 ext 99')).toBe('+1 (415) 555-0132');
  });

  it('reads the national digits from raw or formatted input', () => {
    expect(phoneDigits('+1 (415) 555-0132')).toBe('4155550132');
    expect(phoneDigits('+1 (415) 55')).toBe('41555');
    expect(phoneDigits('14155550132')).toBe('4155550132');
    expect(phoneDigits('')).toBe('');
  });

  it('gives the spec messages', () => {
    expect(validatePhone('')).toBeNull();
    expect(validatePhone('+1 (415) 55')).toBe(PHONE_INCOMPLETE);
    expect(validatePhone('+1 (055) 555-5555')).toBe(PHONE_INVALID);
    expect(validatePhone('+1 (415) 155-5555')).toBe(PHONE_INVALID);
    expect(validatePhone('+1 (415) 555-0132')).toBeNull();
    expect(validatePhone('+1 (202) 555-1234')).toBeNull();
    expect(validatePhone('1 415 555 0132')).toBeNull();
    expect(validatePhone('+1')).toBeNull();
    expect(validatePhone(null)).toBeNull();
    expect(validatePhone('41555501329')).toBe(PHONE_INVALID);
    expect(PHONE_INCOMPLETE).toBe('Full phone number required.');
    expect(PHONE_INVALID).toBe(
      'Phone number is not valid, should be a valid  US Phone, (i.e. (555) 555-5555',
    );
  });

  it('property: fewer than ten digits is incomplete', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{0,8}$/), (digits) => {
        expect(validatePhone(digits)).toBe(PHONE_INCOMPLETE);
        expect(validatePhone(formatPhoneInput(digits))).toBe(PHONE_INCOMPLETE);
      }),
    );
  });

  it('property: an area code or exchange starting with 0 or 1 is invalid', () => {
    fc.assert(
      fc.property(validNumber, fc.constantFrom(0, 3), fc.constantFrom('0', '1'), (digits, at, bad) => {
        const number = `${digits.slice(0, at)}${bad}${digits.slice(at + 1)}`;
        expect(validatePhone(formatPhoneInput(number))).toBe(PHONE_INVALID);
      }),
    );
  });

  it('property: any valid number formats to 17 characters and validates', () => {
    fc.assert(
      fc.property(validNumber, (digits) => {
        const formatted = formatPhoneInput(digits);
        expect(formatted).toHaveLength(PHONE_FORMATTED_LENGTH);
        expect(validatePhone(formatted)).toBeNull();
        expect(phoneDigits(formatted)).toBe(digits);
        expect(formatPhoneInput(`1${digits}`)).toBe(formatted);
      }),
    );
  });

  it('property: formatting is idempotent, bounded and uses only phone characters', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const once = formatPhoneInput(input);
        expect(once.length).toBeLessThanOrEqual(PHONE_FORMATTED_LENGTH);
        expect(once).toMatch(/^[+\d() -]*$/);
        expect(formatPhoneInput(once)).toBe(once);
      }),
    );
  });
});
