import { BILLING_MESSAGES, TEST_BANKS, TEST_CARDS, type TestBankKey, type TestCardKey } from './constants.ts';

/**
 * The test provider's tokeniser, shared by the web app (it runs in the browser, as Stripe.js does for the
 * real provider) and the server's test provider (which reads the tokens back). Only the test numbers of
 * TEST_CARDS / TEST_BANKS are accepted: a real card number is refused and never leaves the form. The token
 * carries which test card or bank it is plus what the form asked (holder name, country, expiry, label),
 * never the number itself.
 */
export const TEST_TOKEN_PREFIX = 'tok_test_';

export type TestCardToken = {
  kind: 'card';
  card: TestCardKey;
  name: string;
  country: string;
  expMonth: number;
  expYear: number;
};
export type TestBankToken = {
  kind: 'bank';
  bank: TestBankKey;
  name: string;
  holderType: string;
  country: string;
  currency: string;
  label: string;
};
export type TestToken = TestCardToken | TestBankToken;

export const TEST_CARD_REFUSED =
  'Your card number is not a test card number. In test mode, use one of the test cards listed.';
export const TEST_BANK_REFUSED =
  'This bank account is not a test bank account. In test mode, use one of the test bank numbers listed.';
export const CARD_EXPIRY_INVALID = "Your card's expiration date is invalid.";

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const digits = (v: string) => v.replace(/[\s-]/g, '');

export type TokenResult = { token: string; error?: undefined } | { token?: undefined; error: string };

/** Card form → `tok_test_…`, or the message the form shows (spec 1 §5 card rules first). */
export function testTokenizeCard(input: {
  number: string;
  expMonth: number;
  expYear: number;
  name: string;
  country: string;
  now?: Date;
}): TokenResult {
  const name = input.name.trim();
  if (!name) return { error: BILLING_MESSAGES.cardNameRequired };
  const country = input.country.trim();
  if (!country) return { error: BILLING_MESSAGES.cardCountryRequired };
  const number = digits(input.number);
  const card = (Object.keys(TEST_CARDS) as TestCardKey[]).find((k) => TEST_CARDS[k].number === number);
  if (!card) return { error: TEST_CARD_REFUSED };
  const now = input.now ?? new Date();
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const validMonth = Number.isInteger(input.expMonth) && input.expMonth >= 1 && input.expMonth <= 12;
  const future =
    year > now.getFullYear() || (year === now.getFullYear() && input.expMonth >= now.getMonth() + 1);
  if (!validMonth || !Number.isInteger(year) || !future || year > now.getFullYear() + 50) {
    return { error: CARD_EXPIRY_INVALID };
  }
  const token: TestCardToken = {
    kind: 'card',
    card,
    name: name.slice(0, 200),
    country: country.slice(0, 100),
    expMonth: input.expMonth,
    expYear: year,
  };
  return { token: TEST_TOKEN_PREFIX + toBase64Url(JSON.stringify(token)) };
}

/** Bank form → `tok_test_…`, or the message the form shows. */
export function testTokenizeBank(input: {
  accountHolderName: string;
  accountHolderType: string;
  country: string;
  currency: string;
  routingNumber: string;
  accountNumber: string;
  bankLabel: string;
}): TokenResult {
  const name = input.accountHolderName.trim();
  if (!name) return { error: BILLING_MESSAGES.bankNameRequired };
  const routing = digits(input.routingNumber);
  const account = digits(input.accountNumber);
  if (!routing) return { error: BILLING_MESSAGES.routingRequired };
  if (!account) return { error: BILLING_MESSAGES.accountRequired };
  if (!/^\d+$/.test(routing) || !/^\d+$/.test(account)) return { error: BILLING_MESSAGES.numeric };
  const bankLabel = input.bankLabel.trim();
  if (!bankLabel) return { error: BILLING_MESSAGES.bankLabelRequired };
  const bank = (Object.keys(TEST_BANKS) as TestBankKey[]).find(
    (k) => TEST_BANKS[k].routing === routing && TEST_BANKS[k].account === account,
  );
  if (!bank) return { error: TEST_BANK_REFUSED };
  const token: TestBankToken = {
    kind: 'bank',
    bank,
    name: name.slice(0, 200),
    holderType: input.accountHolderType || 'individual',
    country: input.country || 'US',
    currency: input.currency || 'usd',
    label: bankLabel.slice(0, 100),
  };
  return { token: TEST_TOKEN_PREFIX + toBase64Url(JSON.stringify(token)) };
}

/** A test token read back (null when it is not one, or was tampered into something else). */
export function readTestToken(token: string): TestToken | null {
  if (!token.startsWith(TEST_TOKEN_PREFIX) || token.length > 2000) return null;
  const json = fromBase64Url(token.slice(TEST_TOKEN_PREFIX.length));
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'string' ? x : null);
  if (v.kind === 'card' && typeof v.card === 'string' && Object.hasOwn(TEST_CARDS, v.card)) {
    const name = str(v.name);
    const country = str(v.country);
    if (!name || !country || typeof v.expMonth !== 'number' || typeof v.expYear !== 'number') return null;
    return {
      kind: 'card',
      card: v.card as TestCardKey,
      name,
      country,
      expMonth: v.expMonth,
      expYear: v.expYear,
    };
  }
  if (v.kind === 'bank' && typeof v.bank === 'string' && Object.hasOwn(TEST_BANKS, v.bank)) {
    const name = str(v.name);
    const label = str(v.label);
    if (!name || !label) return null;
    return {
      kind: 'bank',
      bank: v.bank as TestBankKey,
      name,
      holderType: str(v.holderType) ?? 'individual',
      country: str(v.country) ?? 'US',
      currency: str(v.currency) ?? 'usd',
      label,
    };
  }
  return null;
}
