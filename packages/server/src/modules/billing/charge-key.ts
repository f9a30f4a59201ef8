/**
 * The idempotency key a charge row's current attempt is sent to the provider under: the row's own key
 * (what it pays for) and its attempt. Repeats of one attempt (a double click, a crash and retry, the
 * reconcile job asking) reach the provider under the same key; a new attempt after a decline does not.
 */
export const providerChargeKey = (row: { idempotencyKey: string; attempt: number }) =>
  `${row.idempotencyKey}:${row.attempt}`;

/** The largest attempt the column holds (a Postgres integer): a larger one names no row. */
const MAX_ATTEMPT = 2_147_483_647;

/**
 * The row key and attempt a provider key names (providerChargeKey read back): split at the LAST ':', since
 * the row's own key has colons of its own. Null when no row's key could be written so (no ':', an attempt
 * that is not a number as providerChargeKey writes one, or one past the column's range).
 */
export function parseProviderChargeKey(key: string): { idempotencyKey: string; attempt: number } | null {
  const at = key.lastIndexOf(':');
  const digits = key.slice(at + 1);
  if (at < 0 || !/^(0|-?[1-9]\d*)$/.test(digits)) return null;
  const attempt = Number(digits);
  if (Math.abs(attempt) > MAX_ATTEMPT) return null;
  return { idempotencyKey: key.slice(0, at), attempt };
}
