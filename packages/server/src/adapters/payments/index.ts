import { DEFAULT_STRIPE_DOMAIN } from '@charter/domain';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { createTestProvider } from './test-provider.ts';

/**
 * The payment providers of this installation (issue 13): `test` unless STRIPE_SECRET_KEY is set, then
 * `stripe` for every billing domain. A workspace's customer row keeps the provider it was made under, so
 * its methods and charges stay with that provider (byName); new customers get `forDomain` of their brand's
 * (or partner's) stripe_domain.
 */
export type Payments = {
  /** The provider new customers are made under. */
  readonly defaultName: ProviderName;
  /** No real money moves: the test provider, or the stripe provider with a test key (sk_test_…). */
  readonly testMode: boolean;
  forDomain(stripeDomain: string): PaymentProvider;
  /** The provider a stored row names; refused when this installation does not run it (no test rows in live mode). */
  byName(name: string, stripeDomain: string): PaymentProvider;
};

/** Builds the Stripe provider for a secret key (adapters/payments/stripe-provider.ts, billing-stripe). */
export type StripeFactory = (input: { secretKey: string; stripeDomain: string }) => PaymentProvider;

/** A Stripe key of its test mode (secret or restricted): its charges are not real either. */
export const isStripeTestKey = (secretKey: string) => /^(sk|rk)_test_/.test(secretKey);

export function createPayments(
  config: { stripeSecretKey: string | null; testWebhookSecret?: string | null },
  options: { stripe?: StripeFactory } = {},
): Payments {
  const test = createTestProvider({ webhookSecret: config.testWebhookSecret ?? null });
  const stripeByDomain = new Map<string, PaymentProvider>();
  const secretKey = config.stripeSecretKey;
  if (secretKey && !options.stripe) {
    throw new Error('STRIPE_SECRET_KEY is set but the stripe payment provider is not built in');
  }
  const stripeFor = (stripeDomain: string) => {
    if (!secretKey || !options.stripe) throw new Error('the stripe payment provider is not configured');
    let provider = stripeByDomain.get(stripeDomain);
    if (!provider) {
      provider = options.stripe({ secretKey, stripeDomain });
      stripeByDomain.set(stripeDomain, provider);
    }
    return provider;
  };
  const defaultName: ProviderName = secretKey ? 'stripe' : 'test';
  return {
    defaultName,
    // The "test mode" notice: the test provider, or Stripe under a test key (sk_test_…), move no money.
    testMode: !secretKey || isStripeTestKey(secretKey),
    forDomain: (stripeDomain) =>
      defaultName === 'stripe' ? stripeFor(stripeDomain || DEFAULT_STRIPE_DOMAIN) : test,
    byName(name, stripeDomain) {
      if (name === 'test' && defaultName === 'test') return test;
      if (name === 'stripe') return stripeFor(stripeDomain || DEFAULT_STRIPE_DOMAIN);
      throw new Error(`unknown payment provider ${name}`);
    },
  };
}
