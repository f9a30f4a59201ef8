import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  BILLING_MESSAGES,
  MAX_VERIFY_ATTEMPTS,
  readTestToken,
  TEST_AUTHENTICATION_MESSAGE,
  TEST_BANK_LINK,
  TEST_BANK_NAME,
  TEST_BANKS,
  TEST_CARDS,
  TEST_DECLINE_MESSAGE,
  TEST_MICRO_DEPOSITS_CENTS,
  type TestBankKey,
  type TestCardKey,
} from '@charter/domain';
import {
  PaymentError,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderEvent,
  type ProviderMethod,
  type ProviderSubscription,
} from './provider.ts';

/**
 * The `test` provider (the default): offline and deterministic. Tokens come from the shared test tokeniser
 * (packages/domain billing/test-tokens.ts), so only the TEST_CARDS / TEST_BANKS numbers exist. What a
 * method does is written into its id (`pm_test_card_declined_…`, `pm_test_bank_fail_…`), so a method keeps
 * behaving the same after a restart; charges and subscriptions are kept in memory keyed by their
 * idempotency key, so a repeated key answers the first result within a process and findCharge finds it.
 * Its webhooks are signed with TEST_WEBHOOK_SECRET (signTestWebhook below), so the webhook route and its
 * job can be exercised without Stripe.
 */
const rand = () => randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');

type Parsed =
  | { kind: 'card'; card: TestCardKey }
  | { kind: 'bank'; bank: TestBankKey }
  | { kind: 'link' }
  | null;

function parseMethodId(id: string): Parsed {
  const m = /^pm_test_(card|bank|link)_([a-zA-Z]+)_[A-Za-z0-9]+$/.exec(id);
  if (!m) return null;
  if (m[1] === 'card' && Object.hasOwn(TEST_CARDS, m[2] as string))
    return { kind: 'card', card: m[2] as TestCardKey };
  if (m[1] === 'bank' && Object.hasOwn(TEST_BANKS, m[2] as string))
    return { kind: 'bank', bank: m[2] as TestBankKey };
  if (m[1] === 'link') return { kind: 'link' };
  return null;
}

/** How old a signed test webhook may be (Stripe's default tolerance), so a captured one is not replayable later. */
export const TEST_WEBHOOK_TOLERANCE_S = 300;
export const TEST_WEBHOOK_BAD_SIGNATURE = 'The test webhook signature does not verify.';

const hmac = (secret: string, timestamp: number, body: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

/**
 * The signature header of a test-provider webhook (header `webhook-signature` or `stripe-signature`):
 * Stripe's scheme, `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}" under TEST_WEBHOOK_SECRET}`. The
 * body is an event like Stripe's: `{ "id": "evt_…", "type": "payment_intent.succeeded", "data": { "object":
 * { "id": …, "metadata": { "idempotency_key": … } } } }`; the job then asks the provider what it says now.
 */
export function signTestWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

function verifyTestWebhook(
  secret: string | null,
  rawBody: Buffer,
  signature: string | undefined,
  now = Date.now(),
): ProviderEvent {
  const bad = () => new PaymentError(TEST_WEBHOOK_BAD_SIGNATURE, 'bad_signature');
  if (!secret || !signature) throw bad();
  const parts = new Map<string, string[]>();
  for (const part of signature.split(',')) {
    const [k, v] = part.split('=', 2);
    if (k && v) parts.set(k.trim(), [...(parts.get(k.trim()) ?? []), v.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > TEST_WEBHOOK_TOLERANCE_S)
    throw bad();
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const ok = (parts.get('v1') ?? []).some((v) => {
    const given = Buffer.from(v, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw bad();
  let event: { id?: unknown; type?: unknown; data?: { object?: { id?: unknown } } };
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw bad();
  }
  if (typeof event.id !== 'string' || !event.id || typeof event.type !== 'string') throw bad();
  const objectId = event.data?.object?.id;
  return {
    id: event.id,
    type: event.type,
    objectId: typeof objectId === 'string' ? objectId : '',
    payload: event as Record<string, unknown>,
  };
}

export function createTestProvider(options: { webhookSecret?: string | null } = {}): PaymentProvider {
  const webhookSecret = options.webhookSecret ?? null;
  const charges = new Map<string, ProviderCharge>();
  const subscriptions = new Map<string, ProviderSubscription>();
  const subscriptionsByKey = new Map<string, ProviderSubscription>();
  const verifyAttempts = new Map<string, number>();

  const invalidToken = () => new PaymentError(BILLING_MESSAGES.tokenisation, 'invalid_token');

  const methodOf = (id: string): NonNullable<Parsed> => {
    const parsed = parseMethodId(id);
    if (!parsed) throw new PaymentError(BILLING_MESSAGES.methodNotFound, 'no_such_method');
    return parsed;
  };

  function chargeOutcome(methodId: string, amountCents: number): Omit<ProviderCharge, 'id'> {
    const method = methodOf(methodId);
    if (method.kind === 'card') {
      const behaviour = TEST_CARDS[method.card].behaviour;
      if (behaviour === 'authenticate') {
        return { status: 'requires_action', amountCents, failureMessage: TEST_AUTHENTICATION_MESSAGE };
      }
      if (behaviour === 'fail_later' || behaviour === 'decline') {
        return { status: 'failed', amountCents, failureMessage: TEST_DECLINE_MESSAGE };
      }
      return { status: 'succeeded', amountCents, failureMessage: null };
    }
    // Our rows let only verified accounts pay; a failing account's debits fail.
    if (method.kind === 'bank' && TEST_BANKS[method.bank].behaviour === 'fail') {
      return { status: 'failed', amountCents, failureMessage: BILLING_MESSAGES.verificationFailed };
    }
    return { status: 'succeeded', amountCents, failureMessage: null };
  }

  const provider: PaymentProvider = {
    name: 'test',
    testMode: true,

    async createCustomer({ accountId }) {
      return { id: `cus_test_${accountId}_${rand()}` };
    },

    async attachCard({ token }) {
      const parsed = readTestToken(token);
      if (parsed?.kind !== 'card') throw invalidToken();
      const card = TEST_CARDS[parsed.card];
      if (card.behaviour === 'decline') throw new PaymentError(TEST_DECLINE_MESSAGE, 'card_declined');
      return {
        id: `pm_test_card_${parsed.card}_${rand()}`,
        kind: 'card',
        brand: card.brand,
        last4: card.number.slice(-4),
        expMonth: parsed.expMonth,
        expYear: parsed.expYear,
        funding: card.funding,
        country: parsed.country,
        holderName: parsed.name,
        status: 'verified',
      };
    },

    async attachBank({ token }) {
      const parsed = readTestToken(token);
      if (parsed?.kind !== 'bank') throw invalidToken();
      const bank = TEST_BANKS[parsed.bank];
      return {
        id: `pm_test_bank_${parsed.bank}_${rand()}`,
        kind: 'bank',
        brand: TEST_BANK_NAME,
        last4: bank.account.slice(-4),
        expMonth: null,
        expYear: null,
        funding: null,
        country: parsed.country,
        holderName: parsed.name,
        status: 'new',
      };
    },

    async verifyBank({ methodId, amountsCents }) {
      const method = methodOf(methodId);
      if (method.kind !== 'bank') throw new PaymentError(BILLING_MESSAGES.notABank, 'not_a_bank');
      const bank = TEST_BANKS[method.bank];
      const base: ProviderMethod = {
        id: methodId,
        kind: 'bank',
        brand: TEST_BANK_NAME,
        last4: bank.account.slice(-4),
        expMonth: null,
        expYear: null,
        funding: null,
        country: null,
        holderName: null,
        status: 'new',
      };
      // The deposits of a failing account never arrive: whatever is entered, the account fails.
      if (bank.behaviour === 'fail') return { ...base, status: 'verification_failed' };
      const [a, b] = [...amountsCents].sort((x, y) => x - y);
      const [x, y] = [...TEST_MICRO_DEPOSITS_CENTS].sort((p, q) => p - q);
      if (a === x && b === y) {
        return { ...base, status: 'verified' };
      }
      const attempts = (verifyAttempts.get(methodId) ?? 0) + 1;
      verifyAttempts.set(methodId, attempts);
      if (attempts >= MAX_VERIFY_ATTEMPTS) return { ...base, status: 'verification_failed' };
      throw new PaymentError(BILLING_MESSAGES.wrongAmounts, 'wrong_amounts');
    },

    async createBankLinkToken({ customerId }) {
      return { linkToken: `link-test-${customerId}-${rand()}` };
    },

    async exchangeBankLink({ publicToken, accountId }) {
      if (publicToken === TEST_BANK_LINK.cancelled) {
        throw new PaymentError(BILLING_MESSAGES.bankLinkCancelled, 'link_cancelled');
      }
      if (publicToken !== TEST_BANK_LINK.success) throw invalidToken();
      const digits = accountId.replace(/\D/g, '');
      const id = `pm_test_link_ok_${rand()}`;
      return {
        id,
        kind: 'bank',
        brand: TEST_BANK_LINK.institution,
        last4: (digits || '0000').slice(-4).padStart(4, '0'),
        expMonth: null,
        expYear: null,
        funding: null,
        country: 'US',
        holderName: null,
        status: 'verified',
      };
    },

    async detachMethod({ methodId }) {
      methodOf(methodId);
    },

    async setDefaultMethod({ methodId }) {
      methodOf(methodId);
    },

    async charge({ methodId, amountCents, idempotencyKey }) {
      const seen = charges.get(idempotencyKey);
      if (seen) return seen;
      const charge: ProviderCharge = { id: `ch_test_${rand()}`, ...chargeOutcome(methodId, amountCents) };
      charges.set(idempotencyKey, charge);
      return charge;
    },

    async findCharge({ idempotencyKey }) {
      return charges.get(idempotencyKey) ?? null;
    },

    async subscribe({ customerId, methodId, amountCents, idempotencyKey, interval }) {
      const seen = subscriptionsByKey.get(idempotencyKey);
      if (seen) return seen;
      const charge = await provider.charge({
        customerId,
        methodId,
        amountCents,
        currency: 'usd',
        description: 'subscription',
        idempotencyKey,
        metadata: {},
      });
      if (charge.status === 'failed') {
        throw new PaymentError(charge.failureMessage ?? TEST_DECLINE_MESSAGE, 'card_declined');
      }
      const end = new Date();
      if (interval === 'year') end.setFullYear(end.getFullYear() + 1);
      else end.setMonth(end.getMonth() + 1);
      const subscription: ProviderSubscription = {
        id: `sub_test_${rand()}`,
        status: charge.status === 'requires_action' ? 'incomplete' : 'active',
        currentPeriodEnd: end,
      };
      subscriptions.set(subscription.id, subscription);
      subscriptionsByKey.set(idempotencyKey, subscription);
      return subscription;
    },

    async getSubscription({ id }) {
      const found = subscriptions.get(id);
      if (!found) throw new PaymentError('No such subscription.', 'no_such_subscription');
      return found;
    },

    readWebhook({ rawBody, signature }) {
      // Signed with TEST_WEBHOOK_SECRET (signTestWebhook); without that secret every webhook is refused.
      return verifyTestWebhook(webhookSecret, rawBody, signature);
    },
  };
  return provider;
}
