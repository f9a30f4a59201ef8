import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatConfirmationCode,
  isCompleteConfirmationCode,
  normalizeVerificationCode,
  parseConfirmationCode,
  sanitizeCodeDigits,
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_LENGTH,
  validateVerificationCode,
} from './codes.ts';

describe('confirmation code', () => {
  it('keeps digits only from pasted text, at most six', () => {
    expect(sanitizeCodeDigits('Your code: 123-456!')).toBe('123456');
    expect(sanitizeCodeDigits('1234567890')).toBe('123456');
  });

  it('is submitted as three digits, a dash, three digits', () => {
    expect(formatConfirmationCode('123456')).toBe('123-456');
    expect(parseConfirmationCode('123-456')).toBe('123456');
    expect(parseConfirmationCode('12-3456')).toBeNull();
    expect(parseConfirmationCode('abc-def')).toBeNull();
    expect(isCompleteConfirmationCode('12345')).toBe(false);
    expect(isCompleteConfirmationCode('123456')).toBe(true);
  });

  it('formats partial input without a dangling dash', () => {
    expect(formatConfirmationCode('')).toBe('');
    expect(formatConfirmationCode('123')).toBe('123');
    expect(formatConfirmationCode('1234')).toBe('123-4');
    expect(formatConfirmationCode('12 34 56 78')).toBe('123-456');
  });

  it('property: sanitize keeps only digits and at most six', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const digits = sanitizeCodeDigits(input);
        expect(digits).toMatch(/^\d{0,6}$/);
      }),
    );
  });

  it('property: format then parse gives back the six digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), (digits) => {
        expect(parseConfirmationCode(formatConfirmationCode(digits))).toBe(digits);
      }),
    );
  });
});

describe('verification code', () => {
  it('needs 8 characters', () => {
    expect(validateVerificationCode('ABCD2345')).toBeNull();
    expect(validateVerificationCode('abcd-2345')).toBeNull();
    expect(validateVerificationCode('ABC')).toBe('must be 8 characters');
    expect(normalizeVerificationCode(' ab cd-23 45 ')).toBe('ABCD2345');
  });

  it('uses an alphabet of distinct uppercase letters and digits without look-alikes', () => {
    for (const c of '0O1IL') expect(VERIFICATION_CODE_ALPHABET).not.toContain(c);
    expect(VERIFICATION_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    expect(new Set(VERIFICATION_CODE_ALPHABET).size).toBe(VERIFICATION_CODE_ALPHABET.length);
    expect(VERIFICATION_CODE_ALPHABET).toHaveLength(26 + 10 - 5);
  });

  const alphabetCode = (length: number) =>
    fc
      .array(fc.constantFrom(...VERIFICATION_CODE_ALPHABET), { minLength: length, maxLength: length })
      .map((chars) => chars.join(''));

  it('property: any 8 alphabet characters validate, typed in any case with spaces or dashes', () => {
    fc.assert(
      fc.property(alphabetCode(VERIFICATION_CODE_LENGTH), fc.boolean(), (code, lower) => {
        const typed = ` ${lower ? code.toLowerCase() : code}`.replace(/^(.{5})/, '$1-');
        expect(validateVerificationCode(typed)).toBeNull();
        expect(normalizeVerificationCode(typed)).toBe(code);
      }),
    );
  });

  it('property: any other length is rejected', () => {
    const wrongLength = fc
      .integer({ min: 0, max: 20 })
      .filter((n) => n !== VERIFICATION_CODE_LENGTH)
      .chain(alphabetCode);
    fc.assert(
      fc.property(wrongLength, (code) => {
        expect(validateVerificationCode(code)).toBe('must be 8 characters');
      }),
    );
  });
});
