import { describe, expect, it } from 'vitest';
import { parseProviderChargeKey, providerChargeKey } from './charge-key.ts';

describe('parseProviderChargeKey', () => {
  it('reads back what providerChargeKey wrote, the row key keeping its own colons', () => {
    for (const row of [
      { idempotencyKey: 'fee:12:345:filing', attempt: 1 },
      { idempotencyKey: 'subscription:7:premium:3', attempt: 2 },
      { idempotencyKey: 'credits:1:9', attempt: 17 },
      { idempotencyKey: 'plain', attempt: 2_147_483_647 },
    ]) {
      expect(parseProviderChargeKey(providerChargeKey(row))).toEqual(row);
    }
  });

  it('names no attempt for a key providerChargeKey cannot have written', () => {
    for (const key of ['no-colon', 'fee:1:2:', 'fee:1:x', 'fee:1:01', 'fee:1:1.5', 'fee:1:2147483648']) {
      expect(parseProviderChargeKey(key)).toBeNull();
    }
  });
});
