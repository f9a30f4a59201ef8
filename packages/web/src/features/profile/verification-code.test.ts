import { describe, expect, it } from 'vitest';
import { formatVerificationCode, sortAuthenticators } from './verification-code.ts';

describe('formatVerificationCode', () => {
  it('keeps digits only and sends them as 123-456', () => {
    expect(formatVerificationCode('123456')).toBe('123-456');
    expect(formatVerificationCode(' 123-456 ')).toBe('123-456');
    expect(formatVerificationCode('12345')).toBeNull();
    expect(formatVerificationCode('1234567')).toBeNull();
  });
});

describe('sortAuthenticators', () => {
  it('puts the primary first, then verified, then oldest', () => {
    const a = { id: 1, priority: 1, verified_at: null, created_at: '2024-01-01' };
    const b = { id: 2, priority: 1, verified_at: '2024-02-01', created_at: '2024-02-01' };
    const c = { id: 3, priority: 0, verified_at: '2024-01-01', created_at: '2024-03-01' };
    expect(sortAuthenticators([a, b, c]).map((x) => x.id)).toEqual([3, 2, 1]);
  });
});
