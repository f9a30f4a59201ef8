/** Cents as the screens show them (spec 1 §7: amounts divided by 100). */
export function formatCents(cents: number, currency = 'usd'): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });
}

/** A billing failure as the spec shows it: the server's message, else the support fallback (spec 1 §8). */
export { errorMessage } from '../../api/api-error.ts';
