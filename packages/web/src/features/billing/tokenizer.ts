import {
  BILLING_MESSAGES,
  type BillingCustomerView,
  testTokenizeBank,
  testTokenizeCard,
} from '@charter/domain';
import type { Stripe, StripeCardElement, StripeError } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';

/**
 * Cards and bank accounts are turned into tokens in the browser; only the token reaches our server. Which
 * tokeniser runs follows the customer's provider (GET /api/account/billing/customer): `test` is the test
 * provider's own tokeniser (domain test-tokens.ts, test numbers only), `stripe` is Stripe.js with the
 * customer's publishable key — loaded lazily (its own chunk, and js.stripe.com) only when the provider is
 * stripe. The loader is injectable so tests hand in a fake Stripe object and never load js.stripe.com.
 */
export type TokenResult = { token: string; error?: undefined } | { token?: undefined; error: string };

export type CardInput = {
  name: string;
  country: string;
  /** The test tokeniser's fields; with Stripe the number, expiry and CVC live in the mounted card Element. */
  number?: string;
  expMonth?: number;
  expYear?: number;
};

export type BankInput = {
  accountHolderName: string;
  accountHolderType: 'individual' | 'company';
  country: string;
  currency: string;
  routingNumber: string;
  accountNumber: string;
  bankLabel: string;
};

export type Tokenizer = {
  kind: 'test' | 'stripe';
  /** Stripe: mounts a card Element into `node` (used by tokenizeCard); returns the unmount. Test: nothing. */
  mountCard: (node: HTMLElement) => () => void;
  tokenizeCard: (input: CardInput) => Promise<TokenResult>;
  tokenizeBank: (input: BankInput) => Promise<TokenResult>;
};

/** The part of Stripe.js the tokeniser uses (a fake in tests). */
export type StripeLike = Pick<Stripe, 'elements' | 'createToken'>;
export type StripeLoader = (publishableKey: string) => Promise<StripeLike | null>;

/** The real loader: the npm module (and with it js.stripe.com) is fetched only on first use. */
export const loadStripeJs: StripeLoader = async (publishableKey) => {
  const { loadStripe } = await import('@stripe/stripe-js');
  return loadStripe(publishableKey);
};

/**
 * A provider error as the form shows it: Stripe's own message for what the user can fix (validation_error,
 * invalid_request_error), the general tokenisation message otherwise (card_error wording is Stripe's too,
 * but api/network errors are not the user's to read).
 */
export function stripeErrorMessage(error: Pick<StripeError, 'type' | 'message'> | null | undefined): string {
  if (
    error &&
    (error.type === 'validation_error' || error.type === 'invalid_request_error') &&
    error.message
  ) {
    return error.message;
  }
  return BILLING_MESSAGES.tokenisation;
}

const sync = (result: { token?: string; error?: string }): Promise<TokenResult> =>
  Promise.resolve(
    result.token ? { token: result.token } : { error: result.error ?? BILLING_MESSAGES.tokenisation },
  );

export const testTokenizer: Tokenizer = {
  kind: 'test',
  mountCard: () => () => {},
  tokenizeCard: (input) =>
    sync(
      testTokenizeCard({
        number: input.number ?? '',
        expMonth: Number(input.expMonth),
        expYear: Number(input.expYear),
        name: input.name,
        country: input.country,
      }),
    ),
  tokenizeBank: (input) => sync(testTokenizeBank(input)),
};

/** Stripe.js behind the same interface: one card Element at a time, our own name/country as billing details. */
export function stripeTokenizer(stripe: StripeLike): Tokenizer {
  let card: StripeCardElement | null = null;
  const tokenOf = async (run: () => ReturnType<Stripe['createToken']>): Promise<TokenResult> => {
    try {
      const { token, error } = await run();
      if (token?.id) return { token: token.id };
      return { error: stripeErrorMessage(error) };
    } catch {
      return { error: BILLING_MESSAGES.tokenisation };
    }
  };
  return {
    kind: 'stripe',
    mountCard(node) {
      const element = stripe.elements().create('card', { hidePostalCode: true });
      element.mount(node);
      card = element;
      return () => {
        if (card === element) card = null;
        element.destroy();
      };
    },
    tokenizeCard(input) {
      const name = input.name.trim();
      if (!name) return Promise.resolve({ error: BILLING_MESSAGES.cardNameRequired });
      const country = input.country.trim();
      if (!country) return Promise.resolve({ error: BILLING_MESSAGES.cardCountryRequired });
      const element = card;
      if (!element) return Promise.resolve({ error: BILLING_MESSAGES.tokenisation });
      return tokenOf(() => stripe.createToken(element, { name, address_country: country }));
    },
    tokenizeBank(input) {
      return tokenOf(() =>
        stripe.createToken('bank_account', {
          country: input.country,
          currency: input.currency,
          routing_number: input.routingNumber.replace(/[\s-]/g, ''),
          account_number: input.accountNumber.replace(/[\s-]/g, ''),
          account_holder_name: input.accountHolderName.trim(),
          account_holder_type: input.accountHolderType,
        }),
      );
    },
  };
}

type ProviderOf = Pick<BillingCustomerView, 'provider' | 'publishable_key'>;

/** The tokeniser for a customer: the test one, or Stripe.js loaded with the customer's publishable key. */
export async function tokenizerFor(
  customer: ProviderOf,
  load: StripeLoader = loadStripeJs,
): Promise<Tokenizer> {
  if (customer.provider !== 'stripe') return testTokenizer;
  if (!customer.publishable_key) throw new Error('Stripe is not configured (no publishable key).');
  const stripe = await load(customer.publishable_key);
  if (!stripe) throw new Error('Stripe.js could not be loaded.');
  return stripeTokenizer(stripe);
}

export type TokenizerState =
  | { status: 'loading'; tokenizer?: undefined }
  | { status: 'ready'; tokenizer: Tokenizer }
  | { status: 'failed'; tokenizer?: undefined };

/** The customer's tokeniser once it is ready (Stripe.js loads only when the provider is stripe). */
export function useTokenizer(customer: ProviderOf | undefined, load: StripeLoader = loadStripeJs) {
  const [state, setState] = useState<TokenizerState>({ status: 'loading' });
  const provider = customer?.provider;
  const key = customer?.publishable_key ?? null;
  useEffect(() => {
    if (!provider) {
      setState({ status: 'loading' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    tokenizerFor({ provider, publishable_key: key }, load).then(
      (tokenizer) => live && setState({ status: 'ready', tokenizer }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [provider, key, load]);
  return state;
}
