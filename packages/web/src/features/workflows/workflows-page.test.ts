import { describe, expect, it } from 'vitest';
import { areaOfHash } from './workflows-page.tsx';

describe('workflow areas by hash', () => {
  it('follows the hash and falls back to the first area', () => {
    expect(areaOfHash('#financing')).toBe('financing');
    expect(areaOfHash('#customers-partners')).toBe('customers-partners');
    expect(areaOfHash('')).toBe('entity');
    expect(areaOfHash('#nonsense')).toBe('entity');
  });

  it('without a hash, opens on the first area that has workflows (a restricted workspace has few)', () => {
    expect(areaOfHash('', ['team', 'customers-partners', 'other'])).toBe('team');
    expect(areaOfHash('#nonsense', ['other'])).toBe('other');
    expect(areaOfHash('#entity', ['other'])).toBe('entity');
  });
});
