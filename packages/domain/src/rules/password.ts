export const LOGIN_PASSWORD_MIN = 6;
export const NEW_PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

export const PASSWORD_REQUIRED = 'Password required';
export const LOGIN_PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
export const NEW_PASSWORD_TOO_SHORT =
  'Password must be at least 12 characters long to meet industry-standard security requirements.';
export const PASSWORD_TOO_LONG = 'Password must be at most 256 characters long.';
export const PASSWORD_BLANK = 'Password cannot be only spaces.';

/** The password typed at login (and in the reset form): at least 6 characters. */
export function validateLoginPassword(value: string): string | null {
  if (!value) return PASSWORD_REQUIRED;
  return value.length < LOGIN_PASSWORD_MIN ? LOGIN_PASSWORD_TOO_SHORT : null;
}

/** A password being chosen (registration, change): at least 12 characters. */
export function validateNewPassword(value: string): string | null {
  if (!value) return PASSWORD_REQUIRED;
  if (value.length < NEW_PASSWORD_MIN) return NEW_PASSWORD_TOO_SHORT;
  if (value.length > PASSWORD_MAX) return PASSWORD_TOO_LONG;
  if (!value.trim()) return PASSWORD_BLANK;
  return null;
}

/** The server's password check (GET /api/public/auth/check-password); a reset must pass it. */
export function checkPasswordStrength(value: string): { valid: boolean; message: string | null } {
  const message = validateNewPassword(value);
  return { valid: message === null, message };
}
