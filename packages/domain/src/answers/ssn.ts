export const SSN_INCOMPLETE = 'Full social security required.';
export const SSN_LENGTH = 9;

/** Digits only, at most nine. */
export const sanitizeSsn = (value: string) => value.replace(/\D/g, '').slice(0, SSN_LENGTH);

/** Five asterisks and the last four digits: '*****6789'. */
export function maskSsn(value: string): string {
  const digits = sanitizeSsn(value);
  return digits ? `*****${digits.slice(-4)}` : '';
}

export function validateSsn(value: string): string | null {
  return sanitizeSsn(value).length < SSN_LENGTH ? SSN_INCOMPLETE : null;
}
