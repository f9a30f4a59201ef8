/**
 * The payment provider behind billing (issue 13). Two implementations: `test` (the default: offline and
 * deterministic, its card and bank numbers in packages/domain billing TEST_* constants) and `stripe` (the
 * official SDK, chosen when STRIPE_SECRET_KEY is set). Card and bank details never reach our server: the
 * browser turns them into a `token` (Stripe.js, or the test provider's own tokeniser) and only the token
 * comes here. Amounts are integer cents. Every call that moves money takes an idempotency key derived from
 * what it pays for (charges.idempotency_key); the provider must answer a repeated key with the first result.
 */
export type ProviderName = 'test' | 'stripe';

export type ProviderMethod = {
  id: string;
  kind: 'card' | 'bank';
  brand: string | null;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  funding: string | null;
  country: string | null;
  holderName: string | null;
  /** Cards are verified at once; bank accounts by micro-deposits start `new`. */
  status: 'new' | 'verified' | 'verification_failed';
};

export type ChargeStatus = 'succeeded' | 'failed' | 'requires_action' | 'processing';

export type ProviderCharge = {
  id: string;
  status: ChargeStatus;
  amountCents: number;
  /** The provider's message for a decline or failure, shown to the user ('Card Declined' …). */
  failureMessage: string | null;
};

export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid';

export type ProviderSubscription = {
  id: string;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
};

/** A webhook after its signature was checked: stored first (billing_events), processed by a job. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** The provider's id of the object the event is about (charge, subscription, payment method). */
  objectId: string;
  payload: Record<string, unknown>;
};

export type PaymentProvider = {
  readonly name: ProviderName;
  /** Shown in the web app as a visible "test mode" notice when true. */
  readonly testMode: boolean;
  createCustomer(input: { accountId: number; name: string; email: string | null }): Promise<{ id: string }>;
  /** A tokenised card, attached to the customer. Declines at attach time throw PaymentError. */
  attachCard(input: { customerId: string; token: string }): Promise<ProviderMethod>;
  /** A tokenised bank account to verify by two micro-deposits (status new). */
  attachBank(input: { customerId: string; token: string }): Promise<ProviderMethod>;
  /** The two micro-deposit amounts in cents; wrong amounts throw PaymentError, too many fail the account. */
  verifyBank(input: {
    customerId: string;
    methodId: string;
    amountsCents: [number, number];
  }): Promise<ProviderMethod>;
  /** Bank linking (the spec's /plaid/ calls): a link token for the browser, then its public token exchanged. */
  createBankLinkToken(input: { customerId: string }): Promise<{ linkToken: string }>;
  exchangeBankLink(input: {
    customerId: string;
    publicToken: string;
    accountId: string;
  }): Promise<ProviderMethod>;
  detachMethod(input: { customerId: string; methodId: string }): Promise<void>;
  setDefaultMethod(input: { customerId: string; methodId: string }): Promise<void>;
  charge(input: {
    customerId: string;
    methodId: string;
    amountCents: number;
    currency: string;
    description: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ProviderCharge>;
  /** A charge by the idempotency key it was made with (null when the provider never saw it). */
  findCharge(input: { idempotencyKey: string }): Promise<ProviderCharge | null>;
  subscribe(input: {
    customerId: string;
    methodId: string;
    planSlug: string;
    amountCents: number;
    interval: 'year' | 'month';
    idempotencyKey: string;
  }): Promise<ProviderSubscription>;
  getSubscription(input: { id: string }): Promise<ProviderSubscription>;
  /**
   * A charge's current state by the provider's id (the webhook job re-reads what an event is about rather
   * than trusting the event). Optional: without it the job asks findCharge with our row's key.
   */
  getCharge?(input: { id: string }): Promise<ProviderCharge>;
  /** A payment method's current state (a bank account's verification); optional like getCharge. */
  getMethod?(input: { customerId: string; methodId: string }): Promise<ProviderMethod>;
  /** Checks the signature of a webhook body and reads it; throws PaymentError when it does not verify. */
  readWebhook(input: { rawBody: Buffer; signature: string | undefined }): ProviderEvent;
};

/** A refusal by the provider (decline, wrong amounts, bad token): its message is safe to show the user. */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}
