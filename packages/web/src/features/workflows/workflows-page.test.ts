import { describe, expect, it } from 'vitest';
import { areaOfHash } from './workflows-page.tsx';

describe('workflow areas by hash', () => {
  it('follows the hash and falls back to the first area', () => {
    expect(areaOfHash('#financing')).toBe('financing');
    expect(areaOfHash('#customers-partners')).toBe('customers-partners');
    expect(areaOfHash('')).toBe('entity');
    expect(areaOfHash('#nonsense')).toBe('entity');
  });
});
