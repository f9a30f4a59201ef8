export const CURRENCY_REQUIRED = 'Currency required';
export const SALARY_REQUIRED = 'Salary required';

/**
 * '$1,234.50' -> 1234.5. Parentheses or a minus sign mean negative: '($1,000)' and '-$1,000' are -1000.
 * Null when it isn't an amount (the spec's 'Currency required' covers empty and one-character input).
 */
export function parseCurrency(input: string): number | null {
  const value = input.trim();
  if (value.length < 2 && !/^\d$/.test(value)) return null;
  const negative = /^\(.*\)$/.test(value) || /^-/.test(value) || /^\$-/.test(value);
  const digits = value.replace(/[()$,\s-]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(digits)) return null;
  const amount = Number(digits);
  return negative && amount !== 0 ? -amount : amount;
}

export function validateCurrency(input: string): string | null {
  if (input.trim().length < 2) return CURRENCY_REQUIRED;
  return parseCurrency(input) === null ? CURRENCY_REQUIRED : null;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** -1234.5 -> '-$1,234.50' */
export const formatCurrency = (amount: number) => usd.format(amount);

/**
 * A stored number with thousands separators, its digits as stored (no rounding, however long):
 * '1234567.125' -> '1,234,567.125', '-1000' -> '-1,000', '12.5%' -> '12.5%'. Null for anything else.
 */
export function groupThousands(value: string): string | null {
  const parts = /^([+-]?)(\d+)(\.\d+)?(%?)$/.exec(value.trim());
  if (!parts) return null;
  const [, sign, whole, fraction = '', percent] = parts;
  let grouped = whole.slice(0, whole.length % 3 || 3);
  for (let at = grouped.length; at < whole.length; at += 3) grouped += `,${whole.slice(at, at + 3)}`;
  return `${sign === '-' ? '-' : ''}${grouped}${fraction}${percent}`;
}

/** 12.5 -> '12.5%' (the percent field appends the sign). */
export const formatPercent = (value: number | string) => `${String(value).replace(/%$/, '')}%`;
