import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatConfirmationCode,
  isCompleteConfirmationCode,
  normalizeVerificationCode,
  parseConfirmationCode,
  sanitizeCodeDigits,
  VERIFICATION_CODE_ALPHABET,
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

  it('uses an alphabet without look-alike characters', () => {
    for (const c of '0O1IL') expect(VERIFICATION_CODE_ALPHABET).not.toContain(c);
  });
});
