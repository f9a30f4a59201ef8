import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeEmail, validateEmail } from './email.ts';
import { checkPasswordStrength, validateLoginPassword, validateNewPassword } from './password.ts';

describe('email', () => {
  it('gives the spec messages', () => {
    expect(validateEmail('')).toBe('Email required');
    expect(validateEmail('   ')).toBe('Email required');
    expect(validateEmail('ada')).toBe('Invalid email address');
    expect(validateEmail('ada@example')).toBe('Invalid email address');
    expect(validateEmail('ada lovelace@example.com')).toBe('Invalid email address');
    expect(validateEmail('ada.lovelace+test@example.co.uk')).toBeNull();
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('property: normalizing is idempotent and keeps validity', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom('', ' ', '\t'), (email, pad) => {
        const normalized = normalizeEmail(`${pad}${email.toUpperCase()}${pad}`);
        expect(normalized).toBe(email.toLowerCase());
        expect(normalizeEmail(normalized)).toBe(normalized);
        expect(validateEmail(normalized)).toBeNull();
      }),
    );
  });

  it('property: generated addresses are valid', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(validateEmail(email)).toBeNull();
      }),
    );
  });
});

describe('passwords', () => {
  it('login needs 6 characters, new passwords 12, with the spec messages', () => {
    expect(validateLoginPassword('')).toBe('Password required');
    expect(validateLoginPassword('12345')).toBe('Password must be at least 6 characters long');
    expect(validateLoginPassword('123456')).toBeNull();
    expect(validateNewPassword('')).toBe('Password required');
    expect(validateNewPassword('12345678901')).toBe(
      'Password must be at least 12 characters long to meet industry-standard security requirements.',
    );
    expect(validateNewPassword('123456789012')).toBeNull();
    expect(validateNewPassword(' '.repeat(12))).not.toBeNull();
  });

  it('the password check explains why a password fails', () => {
    expect(checkPasswordStrength('correct horse battery')).toEqual({ valid: true, message: null });
    expect(checkPasswordStrength('a'.repeat(256)).valid).toBe(true);
    expect(checkPasswordStrength('a'.repeat(257))).toEqual({
      valid: false,
      message: 'Password must be at most 256 characters long.',
    });
    expect(checkPasswordStrength(' '.repeat(12))).toEqual({
      valid: false,
      message: 'Password cannot be only spaces.',
    });
    expect(checkPasswordStrength('short')).toEqual({
      valid: false,
      message:
        'Password must be at least 12 characters long to meet industry-standard security requirements.',
    });
    expect(checkPasswordStrength('')).toEqual({ valid: false, message: 'Password required' });
  });

  it('property: the password check agrees with the new-password rule', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 250, maxLength: 260 })),
        (password) => {
          const expected = password.length >= 12 && password.length <= 256 && password.trim() !== '';
          expect(checkPasswordStrength(password).valid).toBe(expected);
          expect(validateNewPassword(password) === null).toBe(expected);
        },
      ),
    );
  });
});
