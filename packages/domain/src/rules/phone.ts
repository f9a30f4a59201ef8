export const PHONE_INVALID = 'Phone number is not valid, should be a valid  US Phone, (i.e. (555) 555-5555';
export const PHONE_INCOMPLETE = 'Full phone number required.';
/** '+1 (555) 555-5555' */
export const PHONE_FORMATTED_LENGTH = 17;
export const PHONE_NATIONAL_DIGITS = 10;

// NANP: neither the area code nor the exchange starts with 0 or 1.
const US_PHONE_PATTERN = /^[2-9]\d{2}[2-9]\d{6}$/;

/**
 * Every national digit typed, without the country code: the '+1' the input adds, or a leading 1 when
 * more than ten digits were typed ('1-415-555-0132'). Not truncated, so validation can see extra digits.
 */
function nationalDigits(value: string): string {
  const trimmed = value.trim();
  const digits = (trimmed.startsWith('+1') ? trimmed.slice(2) : trimmed).replace(/\D/g, '');
  return digits.length > PHONE_NATIONAL_DIGITS && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The (at most ten) national digits of a US number, from raw or formatted input. */
export const phoneDigits = (value: string) => nationalDigits(value).slice(0, PHONE_NATIONAL_DIGITS);

/** Formats as the user types: '+1 (555) 555-5555', partial numbers partially, '' when no digits. */
export function formatPhoneInput(value: string): string {
  const digits = phoneDigits(value);
  if (!digits) return '';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  let out = `+1 (${area}`;
  if (digits.length >= 3) out += ')';
  if (exchange) out += ` ${exchange}`;
  if (line) out += `-${line}`;
  return out;
}

/** Optional field: empty (or the bare '+1' prefix) is fine; otherwise ten digits of a valid US number. */
export function validatePhone(value: string | null | undefined): string | null {
  const digits = nationalDigits(value ?? '');
  if (!digits) return null;
  if (digits.length < PHONE_NATIONAL_DIGITS) return PHONE_INCOMPLETE;
  // Anchored to exactly ten digits, so extra digits are invalid too.
  return US_PHONE_PATTERN.test(digits) ? null : PHONE_INVALID;
}
