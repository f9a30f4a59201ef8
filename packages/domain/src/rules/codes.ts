export const CONFIRMATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_LENGTH = 8;
export const VERIFICATION_CODE_TTL_HOURS = 24;
export const VERIFICATION_CODE_INVALID = 'must be 8 characters';
/** Emailed challenge codes avoid characters people confuse (0/O, 1/I/L). */
export const VERIFICATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Pasted or typed confirmation input: digits only, at most six. */
export const sanitizeCodeDigits = (value: string) =>
  value.replace(/\D/g, '').slice(0, CONFIRMATION_CODE_LENGTH);

export const isCompleteConfirmationCode = (digits: string) => /^\d{6}$/.test(digits);

/** Six digits as submitted: three digits, a dash, three digits ('123456' -> '123-456'; '12' -> '12'). */
export function formatConfirmationCode(digits: string): string {
  const clean = sanitizeCodeDigits(digits);
  return clean.length > 3 ? `${clean.slice(0, 3)}-${clean.slice(3)}` : clean;
}

/** '123-456' (or '123456') to '123456'; anything else is null. */
export function parseConfirmationCode(value: string): string | null {
  const match = /^\s*(\d{3})-?(\d{3})\s*$/.exec(value);
  return match ? `${match[1]}${match[2]}` : null;
}

export const normalizeVerificationCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

export function validateVerificationCode(value: string): string | null {
  return normalizeVerificationCode(value).length === VERIFICATION_CODE_LENGTH
    ? null
    : VERIFICATION_CODE_INVALID;
}
