/**
 * Billing (spec 1 §1, §3–§9; spec 2 fees and plan tiers; issue 13): the plan catalogues, prices, limits,
 * messages and the test provider's numbers. Amounts are integer cents everywhere; screens show amount / 100.
 */

/** Our product's name in the spec's `{product}_slug` (the plan's slug in the partner catalogue). */
export const PRODUCT_SLUG_KEY = 'charter_slug';

export type Plan = {
  label: string;
  description: string;
  /** What the plans page prints as the price ('Free', '$499/year', 'Talk to Sales'). */
  priceLabel: string;
  /** Cents per interval; null for Talk to Sales plans (subscribed through support). */
  priceValue: number | null;
  slug: string;
  /** The plan's slug in the partner catalogue (spec 1 §3 `{product}_slug`). */
  charter_slug: string;
  interval: 'year' | 'month';
  /** Talk to Sales: no self-service subscription. */
  talkToSales: boolean;
};

export type PlanCatalogueName = 'standard' | 'partner';

const TALK_TO_SALES = 'Talk to Sales';

/**
 * Spec 1 §9, annual plans. Two catalogues; the free plan is index 0 in each (spec 1 §4 Plans). The catalogue
 * is chosen by the brand's base domain (planCatalogueFor): the default brand's base domain shows `standard`
 * (Basic, Starter, Advanced Talk to Sales, Premium Talk to Sales), any other base domain (a partner's own
 * brand) shows `partner` (Personal, Professional, Portfolio $2,000, Platform Talk to Sales).
 */
export const PLAN_CATALOGUES: Record<PlanCatalogueName, readonly Plan[]> = {
  standard: [
    {
      label: 'Basic',
      description: 'Free workspace with the essential workflows and documents.',
      priceLabel: 'Free',
      priceValue: 0,
      slug: 'basic',
      charter_slug: 'personal',
      interval: 'year',
      talkToSales: false,
    },
    {
      label: 'Starter',
      description: 'Every workflow, document credits and priority support for a growing company.',
      priceLabel: '$499/year',
      priceValue: 49_900,
      slug: 'starter_annual',
      charter_slug: 'professional_annual',
      interval: 'year',
      talkToSales: false,
    },
    {
      label: 'Advanced',
      description: 'For companies with investors, a cap table and many documents.',
      priceLabel: TALK_TO_SALES,
      priceValue: null,
      slug: 'advanced_annual',
      charter_slug: 'portfolio_annual',
      interval: 'year',
      talkToSales: true,
    },
    {
      label: 'Premium',
      description: 'A platform for firms that run many workspaces.',
      priceLabel: TALK_TO_SALES,
      priceValue: null,
      slug: 'premium',
      charter_slug: 'platform',
      interval: 'year',
      talkToSales: true,
    },
  ],
  partner: [
    {
      label: 'Personal',
      description: 'Free workspace with the essential workflows and documents.',
      priceLabel: 'Free',
      priceValue: 0,
      slug: 'basic',
      charter_slug: 'personal',
      interval: 'year',
      talkToSales: false,
    },
    {
      label: 'Professional',
      description: 'Every workflow, document credits and priority support for a growing company.',
      priceLabel: '$499/year',
      priceValue: 49_900,
      slug: 'starter_annual',
      charter_slug: 'professional_annual',
      interval: 'year',
      talkToSales: false,
    },
    {
      label: 'Portfolio',
      description: 'For portfolios of companies with investors and many documents.',
      priceLabel: '$2,000/year',
      priceValue: 200_000,
      slug: 'advanced_annual',
      charter_slug: 'portfolio_annual',
      interval: 'year',
      talkToSales: false,
    },
    {
      label: 'Platform',
      description: 'A platform for firms that run many workspaces.',
      priceLabel: TALK_TO_SALES,
      priceValue: null,
      slug: 'premium',
      charter_slug: 'platform',
      interval: 'year',
      talkToSales: true,
    },
  ],
};

/** Spec 1 §6 / spec 2: plan tiers of the solutions feature tables. */
export const ADVANCED_MONTHLY_PLAN: Plan = {
  label: 'Advanced',
  description: 'Advanced features for every area, billed monthly.',
  priceLabel: '$80/month',
  priceValue: 8_000,
  slug: 'advanced_monthly',
  charter_slug: 'advanced_monthly',
  interval: 'month',
  talkToSales: false,
};
export const STATE_FILING_AGENT_ADDON: Plan = {
  label: 'State Filing Agent',
  description: 'State filing agent add-on, billed yearly.',
  priceLabel: '$249/year',
  priceValue: 24_900,
  slug: 'state_filing_agent',
  charter_slug: 'state_filing_agent',
  interval: 'year',
  talkToSales: false,
};
export const ADVANCED_MONTHLY_CENTS = 8_000;
export const STATE_FILING_AGENT_CENTS = 24_900;

/** The base domain of a hostname: its last two labels (app.example.com → example.com). */
export function baseDomain(hostname: string): string {
  const labels = hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '').split('.');
  return labels.slice(-2).join('.');
}

/** Spec 1 §1: which catalogue a brand shows, by its base domain against the default brand's. */
export function planCatalogueFor(brandHostname: string, defaultHostname: string): PlanCatalogueName {
  return baseDomain(brandHostname) === baseDomain(defaultHostname) ? 'standard' : 'partner';
}

/** Every plan one may subscribe to in a catalogue: its plans plus the solutions tiers. */
export function subscribablePlans(catalogue: PlanCatalogueName): Plan[] {
  return [...PLAN_CATALOGUES[catalogue], ADVANCED_MONTHLY_PLAN, STATE_FILING_AGENT_ADDON];
}

/** A plan by its slug (or its `{product}_slug`) in a catalogue, with the solutions tiers. */
export function findPlan(catalogue: PlanCatalogueName, slug: string): Plan | null {
  return subscribablePlans(catalogue).find((p) => p.slug === slug || p.charter_slug === slug) ?? null;
}

export const FREE_PLAN_INDEX = 0;
/** The user menu's subscriptions list when there is none (spec 1 §2). */
export const DEFAULT_SUBSCRIPTION_LABEL = 'Free Basic';

/** Spec 1 §9 (the default user limit 2 is DEFAULT_USER_LIMIT of the accounts contract). */
export const PAST_DUE_TOLERANCE_DAYS = 62;
export const CREDIT_WARNING_UNDER = 6;
export const CREDIT_WARNING_MIN_WIDTH = 576;
export const BILLING_POST_TIMEOUT_MS = 5_000;
export const DEFAULT_BILLING_COUNTRY = 'US';
export const DEFAULT_CURRENCY = 'usd';
/** The brand-default billing domain slug when neither brand nor partner names one (spec 1 §9, not printed). */
export const DEFAULT_STRIPE_DOMAIN = 'charter';

export const PAYMENT_METHOD_STATUSES = ['new', 'verified', 'verification_failed'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];
export const CARD_BRANDS = ['American Express', 'MasterCard', 'Discover', 'Visa'] as const;
export const ACCOUNT_HOLDER_TYPES = ['individual', 'company'] as const;

export type SubscriptionLike = { status: string; past_due_since?: string | Date | null };

/**
 * Spec 1 §4 Subscription: active when status is active or trialing, or past_due for less than 62 days.
 * A past_due subscription with no known start is treated as freshly past due.
 */
export function subscriptionIsActive(sub: SubscriptionLike, now: Date = new Date()): boolean {
  if (sub.status === 'active' || sub.status === 'trialing') return true;
  if (sub.status !== 'past_due') return false;
  if (!sub.past_due_since) return true;
  const since = new Date(sub.past_due_since).getTime();
  if (Number.isNaN(since)) return true;
  return now.getTime() - since < PAST_DUE_TOLERANCE_DAYS * 24 * 60 * 60 * 1000;
}

/** Spec 1 §5 and §8: the texts the billing screens show, verbatim. */
export const BILLING_MESSAGES = {
  methodAdded: 'Payment Method Added.',
  methodRemoved: 'Payment Method removed.',
  defaultSet: 'Default Method set.',
  achSubmitted: 'ACH Account info submitted.',
  achVerified: 'ACH Account verified.',
  achRemoved: 'ACH Payment Method removed.',
  subscribed: 'Subscribed!',
  accountSaved: 'Account Saved.',
  cardNameRequired: 'Please provide a name for your payment card',
  cardCountryRequired: 'Please provide a country for your payment card',
  fallback: 'An error has occurred. If error persists after page refresh, please message our Support Team.',
  tokenisation: 'Stripe is detecting an error in your information, please recheck your inputs.',
  bankNameRequired: 'Account holder name required',
  routingRequired: 'Routing number required',
  accountRequired: 'Account number required',
  bankLabelRequired: 'Bank label required',
  numeric: 'Must contain only numbers',
  amountRequired: 'Amount required',
  amountDecimal: 'Amount must be a decimal number',
  amountPositive: 'Amount must be positive',
  removeConfirm: 'Are you sure you want to remove this payment method?',
  talkToSales: 'Talk to Sales',
  contactSupportToChange: 'To downgrade or cancel a plan, please contact our Support Team.',
  paymentMethodSaved:
    'Payment method saved, submitting Task. Please be patient as we finalize everything on our end.',
  partnerSetupInProgress:
    'Your partner is setting up billing for this workspace. Please contact support if you need help meanwhile.',
  /** Server refusals. */
  newBankCannotBeDefault: 'A bank account must be verified before it can be the default method.',
  defaultCannotBeUnset: 'Choose another default method instead of unsetting the default.',
  methodNotFound: 'Payment method not found.',
  noPaymentMethod: 'Add a payment method first.',
  methodNotUsable: 'This payment method is not verified.',
  planNotFound: 'Plan not found.',
  planTalkToSales: 'This plan is arranged through our Support Team.',
  planFree: 'The free plan needs no subscription.',
  alreadySubscribed: 'This workspace already has this plan.',
  notABank: 'This payment method is not a bank account awaiting verification.',
  wrongAmounts: 'The amounts do not match the deposits. Please check your bank statement and try again.',
  verificationFailed: 'Bank account verification failed. Please remove it and add it again.',
  bankLinkCancelled: 'The bank link was cancelled.',
  testModeNotice: 'Test mode: payments use test card and bank numbers; no money moves.',
} as const;

/** Wrong micro-deposit attempts before the bank account fails verification. */
export const MAX_VERIFY_ATTEMPTS = 3;

/**
 * The test provider's numbers (offline, deterministic). Cards: any future expiry, any CVC.
 */
export const TEST_CARDS = {
  /** Succeeds. */
  visa: { number: '4242424242424242', brand: 'Visa', funding: 'credit', behaviour: 'succeed' },
  mastercard: { number: '5555555555554444', brand: 'MasterCard', funding: 'credit', behaviour: 'succeed' },
  amex: { number: '378282246310005', brand: 'American Express', funding: 'credit', behaviour: 'succeed' },
  discover: { number: '6011111111111117', brand: 'Discover', funding: 'credit', behaviour: 'succeed' },
  visaDebit: { number: '4000056655665556', brand: 'Visa', funding: 'debit', behaviour: 'succeed' },
  /** Refused when added. */
  declined: { number: '4000000000000002', brand: 'Visa', funding: 'credit', behaviour: 'decline' },
  /** Added, but every charge needs the customer's authentication (requires_action). */
  authentication: {
    number: '4000002500003155',
    brand: 'Visa',
    funding: 'credit',
    behaviour: 'authenticate',
  },
  /** Added fine, every later charge declines. */
  failLater: { number: '4000000000000341', brand: 'Visa', funding: 'credit', behaviour: 'fail_later' },
} as const;
export type TestCardKey = keyof typeof TEST_CARDS;
export type TestCardBehaviour = (typeof TEST_CARDS)[TestCardKey]['behaviour'];

export const TEST_BANK_ROUTING_NUMBER = '110000000';
export const TEST_BANKS = {
  /** The micro-deposits arrive at once; the two amounts below verify it. */
  succeed: { routing: TEST_BANK_ROUTING_NUMBER, account: '000123456789', behaviour: 'succeed' },
  /** The micro-deposits fail: verifying ends verification_failed. */
  fail: { routing: TEST_BANK_ROUTING_NUMBER, account: '000111111116', behaviour: 'fail' },
} as const;
export type TestBankKey = keyof typeof TEST_BANKS;
/** The two micro-deposit amounts of the test provider, in cents ($0.32 and $0.45). */
export const TEST_MICRO_DEPOSITS_CENTS: readonly [number, number] = [32, 45];
export const TEST_BANK_NAME = 'STRIPE TEST BANK';

/** Bank link (the spec's /plaid/ calls) in test mode: public tokens the test link hands back. */
export const TEST_BANK_LINK = {
  success: 'public-test-success',
  cancelled: 'public-test-cancelled',
  accountId: 'test-checking-0000',
  institution: 'Test Bank',
} as const;

export const TEST_DECLINE_MESSAGE = 'Your card was declined.';
export const TEST_AUTHENTICATION_MESSAGE = 'This payment requires authentication.';
