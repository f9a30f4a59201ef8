export const EMAIL_REQUIRED = 'Email required';
export const EMAIL_INVALID = 'Invalid email address';

// One local part, one domain with at least one dot; no spaces. Deliberately not RFC 5322 complete:
// it matches what a person types and what mail servers accept.
const EMAIL_PATTERN =
  /^[^\s@"(),:;<>[\]\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export const normalizeEmail = (value: string) => value.trim().toLowerCase();

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

export function validateEmail(value: string): string | null {
  if (!value.trim()) return EMAIL_REQUIRED;
  return isValidEmail(value) ? null : EMAIL_INVALID;
}
