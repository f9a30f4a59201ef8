import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';
import { tasks, transactions } from './workflows.ts';

/*
 * Billing (spec 1 §1, §3–§9; issue 13). Money is integer cents everywhere. The payment provider
 * (adapters/payments: `test` by default, `stripe` when STRIPE_SECRET_KEY is set) holds the cards and bank
 * accounts; these tables hold what we need to show them and to never charge twice. Which provider and
 * which of its accounts ("stripe_domain") a workspace bills through is kept on its customer row.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const accountId = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/** A workspace's customer at the payment provider (GET /api/account/billing/customer). */
export const billingCustomers = pgTable('billing_customers', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** 'test' | 'stripe' */
  provider: text('provider').notNull(),
  /** The brand's or partner's billing domain slug the customer lives under (spec 1 §3 stripe_domain). */
  stripeDomain: text('stripe_domain').notNull(),
  providerCustomerId: text('provider_customer_id').notNull(),
  createdAt: createdAt(),
});

/**
 * A card or bank account (spec 1 §3 Payment method / Bank account, §4): cards are verified at once; bank
 * accounts added by micro-deposits start `new` (hidden from payment lists, never default) until their two
 * amounts are confirmed. At most one default per workspace (partial unique index). Removed methods are kept
 * (removed_at) so invoices and charges still name what paid them.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    provider: text('provider').notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    /** 'card' | 'bank' */
    kind: text('kind').notNull(),
    /** Card brand (Visa, MasterCard, American Express, Discover) or the bank's name. */
    brand: text('brand'),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    /** credit | debit | prepaid | unknown for cards; null for banks. */
    funding: text('funding'),
    holderName: text('holder_name'),
    country: text('country'),
    /** A bank account's label chosen by the user (metadata.bank_label). */
    bankLabel: text('bank_label'),
    /** new | verified | verification_failed (spec 1 §4 Payment method). */
    status: text('status').notNull().default('verified'),
    isDefault: boolean('is_default').notNull().default(false),
    /** Wrong micro-deposit amounts entered so far; the provider fails the account after its limit. */
    verifyAttempts: integer('verify_attempts').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_methods_account_idx').on(t.accountId),
    uniqueIndex('payment_methods_provider_idx').on(t.provider, t.providerMethodId),
    uniqueIndex('payment_methods_one_default_idx')
      .on(t.accountId)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
  ],
);

/**
 * A plan subscription (spec 1 §3 Billing subscription, §4 Subscription): active when status is active or
 * trialing, or past_due for less than 62 days (past_due_since). The provider's state is the truth; the
 * reconcile job converges this row to it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    /** The plan's slug in the brand's catalogue (packages/domain billing PLAN catalogues). */
    planSlug: text('plan_slug').notNull(),
    /** active | trialing | past_due | canceled | incomplete | unpaid */
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** 'year' | 'month' */
    interval: text('interval').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** The idempotency key of the subscribe request: one subscription per (workspace, plan, attempt). */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_account_idx').on(t.accountId),
    uniqueIndex('subscriptions_provider_idx').on(t.provider, t.providerSubscriptionId),
  ],
);

/** Document credits of a workspace (spec 1 §3 Credits: limit, used; remaining = limit − used). */
export const accountCredits = pgTable('account_credits', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  creditLimit: integer('credit_limit').notNull().default(0),
  used: integer('used').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Every movement of money or credits, one row per thing paid for. `idempotency_key` is derived from what it
 * pays for (e.g. `fee:{accountId}:{taskId}:{feeKey}`, `subscription:{accountId}:{plan}:{attempt}`) and,
 * with the row's attempt, is sent to the provider as its idempotency key; the unique index makes a retried finalize, a double click or a
 * replayed webhook land on the same row. A row is written `pending` BEFORE the provider is called, in its own
 * transaction, so a crash between the provider's answer and our write leaves a pending row the reconcile job
 * settles by asking the provider.
 */
export const charges = pgTable(
  'charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /**
     * Which try this is: a declined or unauthenticated charge is tried again on the same row with
     * attempt + 1, and the provider is given `{idempotency_key}:{attempt}` (providerChargeKey), because a
     * provider answers a repeated key with its first answer, the decline included.
     */
    attempt: integer('attempt').notNull().default(1),
    /** fee | addon | credits | subscription | bundle */
    purpose: text('purpose').notNull(),
    label: text('label').notNull(),
    transactionId: integer('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** pending | succeeded | failed | requires_action | covered (paid by the partner) */
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    providerChargeId: text('provider_charge_id'),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id),
    failureMessage: text('failure_message'),
    invoiceId: integer('invoice_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('charges_account_idx').on(t.accountId, t.createdAt),
    index('charges_pending_idx').on(t.status).where(sql`${t.status} = 'pending'`),
  ],
);

/** An invoice and its lines (GET /api/account/v3/invoice); a receipt PDF is rendered from them. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    /** Human number, unique per workspace: `{accountId}-{sequence}`. */
    number: text('number').notNull().unique(),
    /** draft | open | paid | void | uncollectible */
    status: text('status').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider').notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invoices_account_idx').on(t.accountId, t.createdAt)],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull().default(1),
    amountCents: integer('amount_cents').notNull(),
    chargeId: integer('charge_id').references(() => charges.id, { onDelete: 'set null' }),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/**
 * Provider webhooks, stored first (unique by the provider's event id, so a replay is a no-op) and processed
 * by a job that re-reads the object from the provider and converges our rows to its current state, so the
 * order events arrive in does not matter.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('billing_events_event_idx').on(t.provider, t.eventId)],
);
