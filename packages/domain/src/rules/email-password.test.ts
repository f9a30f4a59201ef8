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

  it('property: the password check agrees with the new-password rule', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (password) => {
        expect(checkPasswordStrength(password).valid).toBe(validateNewPassword(password) === null);
      }),
    );
  });
});
