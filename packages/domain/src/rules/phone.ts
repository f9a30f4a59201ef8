export const PHONE_INVALID = 'Phone number is not valid, should be a valid  US Phone, (i.e. (555) 555-5555';
export const PHONE_INCOMPLETE = 'Full phone number required.';
/** '+1 (555) 555-5555' */
export const PHONE_FORMATTED_LENGTH = 17;

/** The ten national digits of a US number as typed (a leading country code 1 is dropped). */
export function phoneDigits(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length > 10 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.slice(0, 10);
}

/** Formats as the user types: '+1 (555) 555-5555', partial numbers partially. */
export function formatPhoneInput(value: string): string {
  // The +1 the input itself adds is not a digit the user typed.
  const raw = value.trim().startsWith('+1') ? value.trim().slice(2) : value;
  const digits = phoneDigits(raw);
  if (!digits) return '';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6, 10);
  let out = `+1 (${area}`;
  if (digits.length >= 3) out += ')';
  if (exchange) out += ` ${exchange}`;
  if (line) out += `-${line}`;
  return out;
}

/** Optional field: empty is fine; otherwise ten digits of a valid US number (NANP). */
export function validatePhone(value: string | null | undefined): string | null {
  if (!value?.replace(/\D/g, '').length) return null;
  const digits = phoneDigits(value.trim().startsWith('+1') ? value.trim().slice(2) : value);
  if (digits.length < 10) return PHONE_INCOMPLETE;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? null : PHONE_INVALID;
}
