// Spec §5 rules used by the sign-in screens. Local until @charter/domain exports them (see the report).

export const EMAIL_REQUIRED_MESSAGE = 'Email required';
export const EMAIL_INVALID_MESSAGE = 'Invalid email address';
export const PASSWORD_REQUIRED_MESSAGE = 'Password required';
export const LOGIN_PASSWORD_MESSAGE = 'Password must be at least 6 characters long';
export const NEW_PASSWORD_MESSAGE =
  'Password must be at least 12 characters long to meet industry-standard security requirements.';
export const TERMS_REQUIRED_MESSAGE = "You must agree to the product's Terms of Service";
export const VERIFICATION_CODE_MESSAGE = 'must be 8 characters';
export const COMPANY_NAME_REQUIRED_MESSAGE = 'Company must be named.';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field validators return the spec's message, or null when the value is valid. */
export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return EMAIL_REQUIRED_MESSAGE;
  return EMAIL_PATTERN.test(email) ? null : EMAIL_INVALID_MESSAGE;
}

export function validateLoginPassword(value: string): string | null {
  if (!value) return PASSWORD_REQUIRED_MESSAGE;
  return value.length < 6 ? LOGIN_PASSWORD_MESSAGE : null;
}

export function validateNewPassword(value: string): string | null {
  if (!value) return PASSWORD_REQUIRED_MESSAGE;
  return value.length < 12 ? NEW_PASSWORD_MESSAGE : null;
}

export function validateVerificationCode(value: string): string | null {
  return normalizeVerificationCode(value).length === 8 ? null : VERIFICATION_CODE_MESSAGE;
}

/** Emailed challenge codes are compared without spaces or dashes, upper-cased. */
export function normalizeVerificationCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** Keeps digits only (pasted confirmation codes), at most `max`. */
export function sanitizeCodeDigits(value: string, max = 6): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Six digits submitted as three digits, a dash, three digits. */
export function formatConfirmationCode(digits: string): string {
  const clean = sanitizeCodeDigits(digits);
  return `${clean.slice(0, 3)}-${clean.slice(3, 6)}`;
}

export const FEATURE_TYPE = { BUSINESS_TYPE: 881, PARTNER_SLUG: 1583 } as const;

/** Business purpose options (spec §5): label shown, value sent. */
export const BUSINESS_PURPOSES = [
  { label: 'For-profit Company', value: 'For-profit Company' },
  { label: 'Investment Vehicle', value: 'Investment Vehicle' },
  { label: 'Legal/Finance Provider', value: 'Legal/Accounting Provider' },
  { label: 'Other', value: 'Other' },
] as const;
