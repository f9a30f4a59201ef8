import { BILLING_MESSAGES, TEST_AUTHENTICATION_MESSAGE, TEST_DECLINE_MESSAGE } from '@charter/domain';
import Stripe from 'stripe';
import { isStripeTestKey } from './index.ts';
import {
  type ChargeStatus,
  PaymentError,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderEvent,
  type ProviderMethod,
  type ProviderSubscription,
  type SubscriptionStatus,
} from './provider.ts';

/**
 * The `stripe` payment provider (issue 13), on the official SDK. Cards and bank accounts are tokenised in the
 * browser by Stripe.js: a card arrives as a PaymentMethod id (`pm_…`) or a card token (`tok_…`), a bank
 * account as a bank-account token (`btok_…`) kept as a customer source and verified by two micro-deposits,
 * or linked through Financial Connections (a `fca_…` account turned into a us_bank_account PaymentMethod).
 * Every call that moves money passes our idempotency key as the SDK's `idempotencyKey`, and also keeps it
 * in the object's metadata so findCharge can find a PaymentIntent we never heard back about.
 */
export type StripeSettings = {
  secretKey: string;
  webhookSecret: string | null;
  /** STRIPE_API_BASE: another API host (the tests' stand-in), e.g. http://127.0.0.1:12111. */
  apiBase: string | null;
};

/** Messages shown to the user: the same texts as the test provider's (packages/domain billing). */
export const STRIPE_MESSAGES = {
  declined: TEST_DECLINE_MESSAGE,
  authentication: TEST_AUTHENTICATION_MESSAGE,
  invalid: BILLING_MESSAGES.tokenisation,
  badSignature: 'Webhook signature does not verify',
  verifyFailed: BILLING_MESSAGES.wrongAmounts,
} as const;

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
};

/** An id the customer's legacy sources API owns (bank-account tokens become `ba_…` sources). */
const isSource = (id: string) => id.startsWith('ba_') || id.startsWith('card_') || id.startsWith('src_');

function sdkOptions(apiBase: string | null): Stripe.StripeConfig {
  // Our own idempotency keys make retries safe; the SDK's retries would add keys of their own.
  const options: Stripe.StripeConfig = { maxNetworkRetries: 0, timeout: 20_000 };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

/** A Stripe error as our PaymentError: card and validation messages are Stripe's own, meant for users. */
export function paymentErrorOf(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const code = error.code ?? error.type;
  if (error.code === 'card_declined' || error.type === 'StripeCardError') {
    if (error.code === 'authentication_required')
      return new PaymentError(STRIPE_MESSAGES.authentication, code);
    return new PaymentError(STRIPE_MESSAGES.declined, error.code ?? 'card_declined');
  }
  if (error.type === 'StripeInvalidRequestError') {
    return new PaymentError(error.message || STRIPE_MESSAGES.invalid, code);
  }
  if (error.type === 'StripeConnectionError' || error.type === 'StripeAPIError') {
    // Not a refusal: the outcome is unknown, the caller keeps its pending row for the reconcile job.
    return error;
  }
  return new PaymentError(STRIPE_MESSAGES.invalid, code);
}

async function refusing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw paymentErrorOf(error);
  }
}

function methodOfPaymentMethod(pm: Stripe.PaymentMethod, status: ProviderMethod['status']): ProviderMethod {
  if (pm.type === 'us_bank_account' && pm.us_bank_account) {
    return {
      id: pm.id,
      kind: 'bank',
      brand: pm.us_bank_account.bank_name ?? null,
      last4: pm.us_bank_account.last4 ?? '',
      expMonth: null,
      expYear: null,
      funding: null,
      country: pm.billing_details?.address?.country ?? 'US',
      holderName: pm.billing_details?.name ?? null,
      status,
    };
  }
  const card = pm.card;
  return {
    id: pm.id,
    kind: 'card',
    brand: card ? (CARD_BRANDS[card.brand] ?? card.brand) : null,
    last4: card?.last4 ?? '',
    expMonth: card?.exp_month ?? null,
    expYear: card?.exp_year ?? null,
    funding: card?.funding ?? null,
    country: card?.country ?? null,
    holderName: pm.billing_details?.name ?? null,
    status: 'verified',
  };
}

function methodOfBankAccount(bank: Stripe.BankAccount): ProviderMethod {
  const status: ProviderMethod['status'] =
    bank.status === 'verified'
      ? 'verified'
      : bank.status === 'verification_failed' || bank.status === 'errored'
        ? 'verification_failed'
        : 'new';
  return {
    id: bank.id,
    kind: 'bank',
    brand: bank.bank_name ?? null,
    last4: bank.last4,
    expMonth: null,
    expYear: null,
    funding: null,
    country: bank.country ?? 'US',
    holderName: bank.account_holder_name ?? null,
    status,
  };
}

export function chargeStatusOf(intent: Stripe.PaymentIntent): ChargeStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'requires_action':
    case 'requires_confirmation':
      return 'requires_action';
    default:
      // requires_payment_method (declined) and canceled.
      return 'failed';
  }
}

/** What a charge that did not go through tells the payer: to authenticate, or that it was declined. */
function failureMessageOf(status: ChargeStatus, code: string | undefined): string | null {
  if (status === 'requires_action' || (status === 'failed' && code === 'authentication_required')) {
    return STRIPE_MESSAGES.authentication;
  }
  return status === 'failed' ? STRIPE_MESSAGES.declined : null;
}

function chargeOf(intent: Stripe.PaymentIntent): ProviderCharge {
  const status = chargeStatusOf(intent);
  const failureMessage = failureMessageOf(status, intent.last_payment_error?.code);
  return { id: intent.id, status, amountCents: intent.amount, failureMessage };
}

const SUBSCRIPTION_STATUSES = new Set<SubscriptionStatus>([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'unpaid',
]);

function subscriptionOf(sub: Stripe.Subscription): ProviderSubscription {
  // Since API 2025-03-31 the period lives on the items; older payloads had it on the subscription.
  const ends = sub.items?.data
    ?.map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  const end = ends?.length ? Math.min(...ends) : legacy;
  const status = SUBSCRIPTION_STATUSES.has(sub.status as SubscriptionStatus)
    ? (sub.status as SubscriptionStatus)
    : sub.status === 'incomplete_expired'
      ? 'canceled'
      : 'incomplete';
  return { id: sub.id, status, currentPeriodEnd: end ? new Date(end * 1000) : null };
}

/** Search queries quote values with single quotes; ours are derived keys, but never trust that. */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, sdkOptions(settings.apiBase));
  const testMode = isStripeTestKey(settings.secretKey);

  async function priceFor(planSlug: string, amountCents: number, interval: 'year' | 'month') {
    const found = await stripe.prices.list({ lookup_keys: [planSlug], active: true, limit: 1 });
    const price = found.data[0];
    if (price) return price.id;
    const created = await stripe.prices.create(
      {
        lookup_key: planSlug,
        currency: 'usd',
        unit_amount: amountCents,
        recurring: { interval },
        product_data: { name: planSlug },
      },
      { idempotencyKey: `price:${planSlug}:${amountCents}:${interval}` },
    );
    return created.id;
  }

  return {
    name: 'stripe',
    testMode,

    async createCustomer({ accountId, name, email }) {
      const customer = await refusing(() =>
        stripe.customers.create(
          { name, ...(email ? { email } : {}), metadata: { account_id: String(accountId) } },
          { idempotencyKey: `customer:${accountId}` },
        ),
      );
      return { id: customer.id };
    },

    async attachCard({ customerId, token }) {
      return refusing(async () => {
        const paymentMethod = token.startsWith('tok_')
          ? (await stripe.paymentMethods.create({ type: 'card', card: { token } })).id
          : token;
        // A SetupIntent checks the card with its bank (a decline or 3-D Secure shows here, not at the first
        // charge) and attaches it to the customer when it succeeds.
        const setup = await stripe.setupIntents.create(
          {
            customer: customerId,
            payment_method: paymentMethod,
            allowed_payment_method_types: ['card'],
            usage: 'off_session',
            confirm: true,
          },
          { idempotencyKey: `setup:${customerId}:${paymentMethod}` },
        );
        if (setup.status === 'requires_action') {
          throw new PaymentError(STRIPE_MESSAGES.authentication, 'authentication_required');
        }
        if (setup.status !== 'succeeded') {
          throw new PaymentError(STRIPE_MESSAGES.declined, setup.last_setup_error?.code ?? 'card_declined');
        }
        return methodOfPaymentMethod(await stripe.paymentMethods.retrieve(paymentMethod), 'verified');
      });
    },

    async attachBank({ customerId, token }) {
      return refusing(async () => {
        const source = await stripe.customers.createSource(
          customerId,
          { source: token },
          { idempotencyKey: `bank:${customerId}:${token}` },
        );
        if (source.object !== 'bank_account') {
          throw new PaymentError(STRIPE_MESSAGES.invalid, 'not_a_bank_account');
        }
        return methodOfBankAccount(source as Stripe.BankAccount);
      });
    },

    async verifyBank({ customerId, methodId, amountsCents }) {
      return refusing(async () => {
        try {
          const bank = await stripe.customers.verifySource(customerId, methodId, { amounts: amountsCents });
          return methodOfBankAccount(bank);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeError && error.type !== 'StripeConnectionError') {
            // Too many wrong tries fail the account at Stripe: tell the caller its state, not only "wrong".
            const bank = await stripe.customers.retrieveSource(customerId, methodId);
            if (
              bank.object === 'bank_account' &&
              (bank as Stripe.BankAccount).status === 'verification_failed'
            ) {
              return methodOfBankAccount(bank as Stripe.BankAccount);
            }
            throw new PaymentError(STRIPE_MESSAGES.verifyFailed, error.code ?? 'verification_failed');
          }
          throw error;
        }
      });
    },

    async createBankLinkToken({ customerId }) {
      const session = await refusing(() =>
        stripe.financialConnections.sessions.create({
          account_holder: { type: 'customer', customer: customerId },
          permissions: ['payment_method'],
        }),
      );
      return { linkToken: session.client_secret ?? session.id };
    },

    async exchangeBankLink({ customerId, accountId }) {
      return refusing(async () => {
        const pm = await stripe.paymentMethods.create({
          type: 'us_bank_account',
          us_bank_account: { financial_connections_account: accountId },
        });
        const attached = await stripe.paymentMethods.attach(pm.id, { customer: customerId });
        // A linked account is verified by the link itself: no micro-deposits.
        return methodOfPaymentMethod(attached, 'verified');
      });
    },

    async detachMethod({ customerId, methodId }) {
      await refusing(async () => {
        if (isSource(methodId)) await stripe.customers.deleteSource(customerId, methodId);
        else await stripe.paymentMethods.detach(methodId);
      });
    },

    async setDefaultMethod({ customerId, methodId }) {
      await refusing(() =>
        stripe.customers.update(
          customerId,
          isSource(methodId)
            ? { default_source: methodId }
            : { invoice_settings: { default_payment_method: methodId } },
        ),
      );
    },

    async charge({ customerId, methodId, amountCents, currency, description, idempotencyKey, metadata }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            customer: customerId,
            payment_method: methodId,
            description,
            metadata: { ...metadata, idempotency_key: idempotencyKey },
            // A legacy bank-account source pays as us_bank_account; a PaymentMethod says what it is.
            ...(isSource(methodId)
              ? { allowed_payment_method_types: ['us_bank_account' as const] }
              : { automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const } }),
            confirm: true,
            off_session: true,
          },
          { idempotencyKey },
        );
        return chargeOf(intent);
      } catch (error) {
        // A decline is an answer, not a failure: the PaymentIntent exists and says why.
        if (error instanceof Stripe.errors.StripeCardError) {
          const status = error.code === 'authentication_required' ? 'requires_action' : 'failed';
          return {
            id: error.payment_intent?.id ?? '',
            status,
            amountCents,
            failureMessage: failureMessageOf(status, error.code),
          };
        }
        throw paymentErrorOf(error);
      }
    },

    async findCharge({ idempotencyKey }) {
      // Search is eventually consistent (about a minute): the reconcile job only asks about older rows.
      const found = await stripe.paymentIntents.search({
        query: `metadata['idempotency_key']:${quoted(idempotencyKey)}`,
        limit: 1,
      });
      const intent = found.data[0];
      if (intent) return chargeOf(intent);
      // A subscription's first payment is made by its invoice, not by a PaymentIntent of ours: its key is
      // on the subscription, whose status says whether that payment went through.
      const subs = await stripe.subscriptions.search({
        query: `metadata['idempotency_key']:${quoted(idempotencyKey)}`,
        limit: 1,
      });
      const sub = subs.data[0];
      if (!sub) return null;
      const paid = sub.status === 'active' || sub.status === 'trialing' || sub.status === 'past_due';
      const price = sub.items?.data?.[0]?.price?.unit_amount ?? 0;
      return {
        id: sub.id,
        status: paid ? 'succeeded' : sub.status === 'incomplete' ? 'requires_action' : 'failed',
        amountCents: price,
        failureMessage: paid ? null : STRIPE_MESSAGES.declined,
      };
    },

    async subscribe({ customerId, methodId, planSlug, amountCents, interval, idempotencyKey }) {
      return refusing(async () => {
        const price = await priceFor(planSlug, amountCents, interval);
        const sub = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price }],
            ...(isSource(methodId) ? { default_source: methodId } : { default_payment_method: methodId }),
            off_session: true,
            payment_behavior: 'error_if_incomplete',
            metadata: { plan_slug: planSlug, idempotency_key: idempotencyKey },
          },
          { idempotencyKey },
        );
        return subscriptionOf(sub);
      });
    },

    async getSubscription({ id }) {
      return subscriptionOf(await stripe.subscriptions.retrieve(id));
    },

    async getCharge({ id }) {
      return chargeOf(await stripe.paymentIntents.retrieve(id));
    },

    async getMethod({ customerId, methodId }) {
      if (isSource(methodId)) {
        const source = await stripe.customers.retrieveSource(customerId, methodId);
        if (source.object === 'bank_account') return methodOfBankAccount(source as Stripe.BankAccount);
      }
      return methodOfPaymentMethod(await stripe.paymentMethods.retrieve(methodId), 'verified');
    },

    readWebhook({ rawBody, signature }) {
      if (!settings.webhookSecret || !signature) {
        throw new PaymentError(STRIPE_MESSAGES.badSignature, 'bad_signature');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new PaymentError(STRIPE_MESSAGES.badSignature, 'bad_signature');
      }
      const object = event.data.object as { id?: string };
      const result: ProviderEvent = {
        id: event.id,
        type: event.type,
        objectId: object.id ?? '',
        // constructEvent has parsed the body already.
        payload: event as unknown as Record<string, unknown>,
      };
      return result;
    },
  };
}
