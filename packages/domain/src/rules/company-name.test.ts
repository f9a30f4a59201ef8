import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_SUFFIXES,
  type EntityType,
  splitCompanySuffix,
  suffixChoices,
  validateCompanyName,
} from './company-name.ts';

describe('company name', () => {
  it('requires a name', () => {
    expect(validateCompanyName('  ')).toBe('Company must be named.');
  });

  it('requires a suffix unless already formed or a Series', () => {
    expect(validateCompanyName('Acme')).toBe('Select a suffix');
    expect(validateCompanyName('Acme', { alreadyFormed: true })).toBeNull();
    expect(validateCompanyName('Acme Fund I', { isSeries: true })).toBeNull();
  });

  it('accepts suffixes with or without a leading comma', () => {
    expect(validateCompanyName('Acme, Inc.')).toBeNull();
    expect(validateCompanyName('Acme Inc.')).toBeNull();
    expect(validateCompanyName('Acme Holdings, L.P.')).toBeNull();
    expect(splitCompanySuffix('Acme, Corporation')).toEqual({
      base: 'Acme',
      suffix: 'Corporation',
      entityType: 'corporation',
    });
  });

  it('asks for a different suffix when it belongs to another entity type', () => {
    const wrong = 'Please select a Company suffix of your Entity Type.';
    expect(validateCompanyName('Acme LLC', { entityType: 'corporation' })).toBe(wrong);
    expect(validateCompanyName('Acme, Inc.', { entityType: 'llc' })).toBe(wrong);
    expect(validateCompanyName('Acme Inc.', { entityType: 'llc' })).toBe(wrong);
    expect(validateCompanyName('Acme L.P.', { entityType: 'corporation' })).toBe(wrong);
    expect(validateCompanyName('Acme LP', { entityType: 'lp' })).toBeNull();
  });

  it('offers a corporation only corporation suffixes, an LLC only LLC, and anyone else all, by type', () => {
    expect(suffixChoices('corporation')).toEqual([
      { group: 'Corporation', items: ['Inc.', 'Incorporated', 'Co.', 'Company', 'Corp.', 'Corporation'] },
    ]);
    expect(suffixChoices('llc')).toEqual([{ group: 'LLC', items: ['LLC'] }]);
    expect(suffixChoices('lp')).toEqual([{ group: 'LP', items: ['LP', 'L.P.'] }]);
    expect(suffixChoices().map((g) => g.group)).toEqual(['Corporation', 'LLC', 'LP']);
    expect(suffixChoices(null).flatMap((g) => g.items)).toHaveLength(9);
  });

  it('does not take a word that merely ends like a suffix', () => {
    expect(validateCompanyName('Tabasco')).toBe('Select a suffix');
    expect(validateCompanyName('LLC')).toBe('Select a suffix');
  });

  it('property: any base with any allowed suffix validates for its entity type', () => {
    const entries = Object.entries(COMPANY_SUFFIXES).flatMap(([type, list]) =>
      list.map((suffix) => ({ type: type as EntityType, suffix })),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z][a-z]{1,12}( [A-Z][a-z]{1,10})?$/),
        fc.constantFrom(...entries),
        fc.boolean(),
        (base, { type, suffix }, comma) => {
          const name = `${base}${comma ? ', ' : ' '}${suffix}`;
          expect(validateCompanyName(name, { entityType: type })).toBeNull();
          expect(splitCompanySuffix(name).base).toBe(base);
        },
      ),
    );
  });

  it('property: a suffix of another entity type asks for a different suffix', () => {
    const types = Object.keys(COMPANY_SUFFIXES) as EntityType[];
    const mismatch = fc
      .tuple(fc.constantFrom(...types), fc.constantFrom(...types))
      .filter(([own, wanted]) => own !== wanted)
      .chain(([own, wanted]) => fc.tuple(fc.constantFrom(...COMPANY_SUFFIXES[own]), fc.constant(wanted)));
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z][a-z]{1,12}$/), mismatch, (base, [suffix, wanted]) => {
        expect(validateCompanyName(`${base}, ${suffix}`, { entityType: wanted })).toBe(
          'Please select a Company suffix of your Entity Type.',
        );
        expect(
          validateCompanyName(`${base} ${suffix}`, { entityType: wanted, alreadyFormed: true }),
        ).toBeNull();
      }),
    );
  });

  it('property: a name without a suffix needs one, whatever the entity type', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z][a-z]{1,12}( [A-Z][a-z]{1,10})?$/),
        fc.constantFrom<EntityType | undefined>('corporation', 'llc', 'lp', undefined),
        (base, entityType) => {
          fc.pre(splitCompanySuffix(base).suffix === null);
          expect(validateCompanyName(base, { entityType })).toBe('Select a suffix');
          expect(validateCompanyName(base, { entityType, isSeries: true })).toBeNull();
        },
      ),
    );
  });
});
