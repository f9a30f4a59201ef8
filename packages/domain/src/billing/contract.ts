import { z } from 'zod';
import { flag, rowId, rowIdParam } from '../contract/common.ts';
import { ACCOUNT_HOLDER_TYPES, BILLING_MESSAGES, PAYMENT_METHOD_STATUSES } from './constants.ts';

/**
 * Billing routes (spec 1 §7 Billing; issue 13). Amounts are integer cents; the web divides by 100.
 * Methods, banks and invoices carry `abilities` from the server's policy so the screens hide what the
 * caller may not do.
 */

const token = z.string().trim().min(1).max(2000);
const stripeDomain = z.string().trim().max(100).optional();

/** A plan of a catalogue (spec 1 §3 Plan). */
export const planView = z.object({
  label: z.string(),
  description: z.string(),
  priceLabel: z.string(),
  /** Cents per interval; null for Talk to Sales. */
  priceValue: z.number().nullable(),
  slug: z.string(),
  charter_slug: z.string(),
  interval: z.enum(['year', 'month']),
  talkToSales: z.boolean(),
});
export type PlanView = z.infer<typeof planView>;

/** spec 1 §3 Billing subscription: status, plan nickname, product name. */
export const subscriptionView = z.object({
  id: z.number(),
  plan_slug: z.string(),
  /** The plan's label (the provider's "plan nickname"). */
  nickname: z.string(),
  /** The product name the subscription is shown under. */
  product: z.string(),
  status: z.string(),
  active: z.boolean(),
  amount: z.number(),
  interval: z.string(),
  current_period_end: z.string().nullable(),
  past_due_since: z.string().nullable(),
  created_at: z.string(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

export const billingAbilities = z.object({
  /** Add, remove, set default, verify, subscribe (workspace admins and staff). */
  manage: z.boolean(),
});
export type BillingAbilities = z.infer<typeof billingAbilities>;

/** GET /api/account/billing/customer and /api/account/v3/billing/customer */
export const billingCustomerView = z.object({
  account_id: z.number(),
  provider: z.enum(['test', 'stripe']),
  /** The web shows a visible "Test mode" notice when true. */
  test_mode: z.boolean(),
  stripe_domain: z.string(),
  /** Stripe.js's key (STRIPE_PUBLISHABLE_KEY) when the provider is stripe; null on the test provider. */
  publishable_key: z.string().nullable(),
  /** The provider's customer id, once one exists (created with the first method). */
  customer_id: z.string().nullable(),
  default_method_id: z.number().nullable(),
  catalogue: z.enum(['standard', 'partner']),
  plans: z.array(planView),
  /** Every plan one may subscribe to: the catalogue plus the solutions tiers (Advanced monthly, add-on). */
  extra_plans: z.array(planView),
  subscriptions: z.array(subscriptionView),
  /** Slug of the active plan of the catalogue by the spec's rule, or the free plan's (index 0). */
  active_plan_slug: z.string(),
  active_plan_index: z.number(),
  abilities: billingAbilities,
});
export type BillingCustomerView = z.infer<typeof billingCustomerView>;

export const paymentMethodAbilities = z.object({
  remove: z.boolean(),
  set_default: z.boolean(),
  verify: z.boolean(),
});

/** spec 1 §3 Payment method (cards and bank accounts). */
export const paymentMethodView = z.object({
  id: z.number(),
  kind: z.enum(['card', 'bank']),
  brand: z.string().nullable(),
  last4: z.string(),
  exp_month: z.number().nullable(),
  exp_year: z.number().nullable(),
  funding: z.string().nullable(),
  status: z.enum(PAYMENT_METHOD_STATUSES),
  is_default: z.boolean(),
  name: z.string().nullable(),
  country: z.string().nullable(),
  metadata: z.object({ bank_label: z.string().nullable() }),
  created_at: z.string(),
  abilities: paymentMethodAbilities,
});
export type PaymentMethodView = z.infer<typeof paymentMethodView>;

/**
 * GET /api/account/billing/method and v3: verified methods first. Methods still `new` or
 * `verification_failed` are left out of payment lists unless `all=1` (the settings list shows them).
 */
export const paymentMethodsQuery = z.object({ all: z.coerce.number().int().min(0).max(1).optional() });
export const paymentMethodsView = z.object({
  methods: z.array(paymentMethodView),
  default_method_id: z.number().nullable(),
  test_mode: z.boolean(),
  abilities: billingAbilities,
});
export type PaymentMethodsView = z.infer<typeof paymentMethodsView>;

/** POST /api/account/admin/billing/method */
export const addMethodBody = z.object({
  stripe_token_id: token,
  is_default: flag.optional(),
});
export type AddMethodBody = z.input<typeof addMethodBody>;
/** POST /api/account/v3/admin/billing/method */
export const addMethodV3Body = addMethodBody.extend({ stripe_domain: stripeDomain });
export type AddMethodV3Body = z.input<typeof addMethodV3Body>;

/** PUT on both method paths. */
export const setDefaultMethodBody = z.object({
  default_method_id: rowId,
  stripe_domain: stripeDomain,
});
export type SetDefaultMethodBody = z.input<typeof setDefaultMethodBody>;

/** DELETE /api/account/v3/admin/billing/method/{a}/{b}: a = the billing domain slug, b = the method id. */
export const methodV3Params = z.object({ a: z.string().max(100), b: rowIdParam });

/** A method added or changed, with the list as it now is. */
export const methodChangeView = z.object({
  method: paymentMethodView.nullable(),
  methods: z.array(paymentMethodView),
  message: z.string(),
});
export type MethodChangeView = z.infer<typeof methodChangeView>;

const numeric = (label: string) =>
  z
    .string()
    .trim()
    .max(34)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v.length > 0, label)
    .refine((v) => /^\d*$/.test(v), BILLING_MESSAGES.numeric);

/**
 * POST /api/account/ach: a bank account to verify by micro-deposits. The numbers are checked (spec 1 §5) but
 * never stored: the provider holds the account behind `token`; we keep last4 and the label.
 */
export const addBankBody = z.object({
  account_holder_name: z.string().trim().min(1, BILLING_MESSAGES.bankNameRequired).max(200),
  account_holder_type: z.enum(ACCOUNT_HOLDER_TYPES).default('individual'),
  country: z.string().trim().max(100).default('US'),
  currency: z.string().trim().max(10).default('usd'),
  routing_number: numeric(BILLING_MESSAGES.routingRequired),
  account_number: numeric(BILLING_MESSAGES.accountRequired),
  bank_label: z.string().trim().min(1, BILLING_MESSAGES.bankLabelRequired).max(100),
  token,
  stripe_domain: stripeDomain,
});
export type AddBankBody = z.input<typeof addBankBody>;

/** An amount in dollars as the verify form sends it (decimal, positive, under 100). */
const depositAmount = z.coerce
  .number({ error: BILLING_MESSAGES.amountDecimal })
  .refine((v) => Number.isFinite(v), BILLING_MESSAGES.amountDecimal)
  .refine((v) => v > 0, BILLING_MESSAGES.amountPositive)
  .refine((v) => v < 100, BILLING_MESSAGES.amountDecimal);

/** PUT /api/account/ach/{bankToken}: bankToken is the payment method's id; amounts in dollars (0.32). */
export const verifyBankParams = z.object({ bankToken: rowIdParam });
export const verifyBankBody = z.object({ amounts: z.tuple([depositAmount, depositAmount]) });
export type VerifyBankBody = z.input<typeof verifyBankBody>;

/** POST /api/account/admin/billing/plaid/link_token */
export const bankLinkTokenView = z.object({ link_token: z.string(), test_mode: z.boolean() });
export type BankLinkTokenView = z.infer<typeof bankLinkTokenView>;

/** POST /api/account/admin/billing/plaid/public_token */
export const bankLinkBody = z.object({
  public_token: token,
  institution: z
    .object({ name: z.string().max(200).nullish(), institution_id: z.string().max(200).nullish() })
    .nullish(),
  account: z
    .object({
      id: z.string().min(1).max(200),
      name: z.string().max(200).nullish(),
      mask: z.string().max(10).nullish(),
    })
    .nullish(),
  stripe_domain: stripeDomain,
});
export type BankLinkBody = z.input<typeof bankLinkBody>;

/** GET /api/account/banks: the workspace's bank accounts (every status). */
export const banksView = z.object({ banks: z.array(paymentMethodView) });
export type BanksView = z.infer<typeof banksView>;

/** /api/account/admin/bundle/{slug} and its preview. */
export const bundleParams = z.object({ slug: z.string().min(1).max(100) });

/** GET /api/account/admin/bundle/{slug}/preview: `amount` in cents (the web divides by 100). */
export const bundlePreviewView = z.object({
  plan: planView,
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(['year', 'month']),
  /** Already subscribed and active. */
  current: z.boolean(),
});
export type BundlePreviewView = z.infer<typeof bundlePreviewView>;

/** POST /api/account/admin/bundle/{slug}: pay with a method (the default when none is named). */
export const subscribeBody = z.object({ selected_source_id: rowId.nullish() });
export type SubscribeBody = z.input<typeof subscribeBody>;

export const invoiceLineView = z.object({
  id: z.number(),
  label: z.string(),
  quantity: z.number(),
  amount: z.number(),
});
export const invoiceView = z.object({
  id: z.number(),
  number: z.string(),
  status: z.string(),
  total: z.number(),
  currency: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  lines: z.array(invoiceLineView),
  /** GET path of its receipt PDF. */
  receipt_url: z.string(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

export const subscribeView = z.object({
  message: z.string(),
  subscription: subscriptionView,
  invoice: invoiceView.nullable(),
});
export type SubscribeView = z.infer<typeof subscribeView>;

/** GET /api/account/v3/invoice */
export const invoicesView = z.object({ invoices: z.array(invoiceView) });
export type InvoicesView = z.infer<typeof invoicesView>;
