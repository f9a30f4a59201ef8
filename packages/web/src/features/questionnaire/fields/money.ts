import { formatCurrency, parseCurrency } from '@charter/domain';

/** '1234.5' -> '$1,234.50'; text that isn't an amount is kept (trimmed) for validation to report. */
export function normalizeMoney(raw: string): string {
  const amount = parseCurrency(raw);
  return amount === null ? raw.trim() : formatCurrency(amount);
}

/** The amount as shown next to a '$' section: '-$1,234.50' -> '-1,234.50'. */
export const withoutDollar = (stored: string) => stored.replace(/\$/g, '');
