import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  PLAN_CATALOGUES,
  planCatalogueFor,
  subscriptionIsActive,
  TEST_BANKS,
  TEST_CARDS,
} from './constants.ts';
import { verifyBankBody } from './contract.ts';
import { readTestToken, TEST_CARD_REFUSED, testTokenizeBank, testTokenizeCard } from './test-tokens.ts';

const now = new Date('2026-11-26T00:00:00Z');
const day = 24 * 60 * 60 * 1000;

describe('subscriptionIsActive (spec 1 §4)', () => {
  it('counts active, trialing and past_due under 62 days', () => {
    expect(subscriptionIsActive({ status: 'active' }, now)).toBe(true);
    expect(subscriptionIsActive({ status: 'trialing' }, now)).toBe(true);
    expect(
      subscriptionIsActive({ status: 'past_due', past_due_since: new Date(now.getTime() - 61 * day) }, now),
    ).toBe(true);
    expect(
      subscriptionIsActive({ status: 'past_due', past_due_since: new Date(now.getTime() - 62 * day) }, now),
    ).toBe(false);
    expect(subscriptionIsActive({ status: 'canceled' }, now)).toBe(false);
    expect(subscriptionIsActive({ status: 'incomplete' }, now)).toBe(false);
  });
});

describe('plan catalogues (spec 1 §9)', () => {
  it('free plan first, chosen by base domain', () => {
    for (const c of Object.values(PLAN_CATALOGUES)) expect(c[0]?.priceValue).toBe(0);
    expect(planCatalogueFor('app.charter.example', 'charter.example')).toBe('standard');
    expect(planCatalogueFor('legal.partner.test', 'app.charter.example')).toBe('partner');
    expect(PLAN_CATALOGUES.partner[2]?.priceValue).toBe(200_000);
    expect(PLAN_CATALOGUES.standard[2]?.priceLabel).toBe('Talk to Sales');
  });
});

describe('test tokeniser', () => {
  it('turns a test card into a token the provider reads back', () => {
    const r = testTokenizeCard({
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2030,
      name: 'Zoë Ł',
      country: 'US',
      now,
    });
    expect(r.token).toMatch(/^tok_test_/);
    expect(r.token).not.toContain('4242');
    expect(readTestToken(r.token as string)).toMatchObject({ kind: 'card', card: 'visa', name: 'Zoë Ł' });
  });
  it('refuses real numbers, missing name or country, past expiry', () => {
    const base = {
      number: TEST_CARDS.visa.number,
      expMonth: 1,
      expYear: 2031,
      name: 'A',
      country: 'US',
      now,
    };
    expect(testTokenizeCard({ ...base, number: '4111111111111111' }).error).toBe(TEST_CARD_REFUSED);
    expect(testTokenizeCard({ ...base, name: ' ' }).error).toBe(BILLING_MESSAGES.cardNameRequired);
    expect(testTokenizeCard({ ...base, country: '' }).error).toBe(BILLING_MESSAGES.cardCountryRequired);
    expect(testTokenizeCard({ ...base, expYear: 2025 }).error).toBeDefined();
  });
  it('tokenises test banks and rejects tampered tokens', () => {
    const r = testTokenizeBank({
      accountHolderName: 'Acme',
      accountHolderType: 'company',
      country: 'US',
      currency: 'usd',
      routingNumber: TEST_BANKS.succeed.routing,
      accountNumber: TEST_BANKS.succeed.account,
      bankLabel: 'Ops',
    });
    expect(readTestToken(r.token as string)).toMatchObject({ kind: 'bank', bank: 'succeed', label: 'Ops' });
    expect(readTestToken('tok_test_e30')).toBeNull();
    expect(readTestToken('tok_test_%%%')).toBeNull();
    expect(readTestToken(`tok_test_${btoa('{"kind":"card","card":"toString"}')}`)).toBeNull();
  });
  it('verify amounts are decimals', () => {
    expect(verifyBankBody.parse({ amounts: ['0.32', 0.45] }).amounts).toEqual([0.32, 0.45]);
    expect(verifyBankBody.safeParse({ amounts: [-1, 0.45] }).success).toBe(false);
    expect(verifyBankBody.safeParse({ amounts: ['x', 0.45] }).success).toBe(false);
  });
});
