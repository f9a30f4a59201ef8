/**
 * The idempotency key a charge row's current attempt is sent to the provider under: the row's own key
 * (what it pays for) and its attempt. Repeats of one attempt (a double click, a crash and retry, the
 * reconcile job asking) reach the provider under the same key; a new attempt after a decline does not.
 */
export const providerChargeKey = (row: { idempotencyKey: string; attempt: number }) =>
  `${row.idempotencyKey}:${row.attempt}`;
