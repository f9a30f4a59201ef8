import { z } from 'zod';

/** Document credits of the workspace (GET /api/account/billing/credits) for the top bar's counter. */
export const creditsView = z.object({
  limit: z.number(),
  used: z.number(),
  /** limit − used, never below 0. */
  remaining: z.number(),
  /** Partner subscriptions and restricted (limited) workspaces do not see credits. */
  visible: z.boolean(),
});
export type CreditsView = z.infer<typeof creditsView>;

/** pending | succeeded | failed | requires_action | covered, or `due` before any charge. */
export const feeStatus = z.enum([
  'due',
  'pending',
  'succeeded',
  'failed',
  'requires_action',
  'covered',
  'none',
]);
export type FeeStatus = z.infer<typeof feeStatus>;

/** A task's fee (spec 2 §3): its amount is read from a state table when dynamic. Cents. */
export const feeView = z.object({
  taskId: z.number(),
  key: z.string(),
  label: z.string(),
  amount: z.number(),
  is_annual: z.boolean(),
  comment: z.string(),
  dynamic_table: z.string().nullable(),
  feature_type_id: z.string().nullable(),
  /** `none` when a dynamic table has no amount for the answer (nothing is charged). */
  status: feeStatus,
});
export type FeeView = z.infer<typeof feeView>;

/**
 * A task's add-on (spec 2 §3): offered, and charged only once chosen (PUT /api/account/task/{id}
 * `addons`). Not chosen, its status is `none`; paid or covered, it stays chosen.
 */
export const addonView = z.object({
  taskId: z.number(),
  key: z.string(),
  label: z.string(),
  amount: z.number(),
  period: z.enum(['year', 'month']),
  chosen: z.boolean(),
  status: feeStatus,
});
export type AddonView = z.infer<typeof addonView>;

/** A task group's product (spec 2 §3 Transaction.product): its tasks' fees, their total and add-ons. */
export const productView = z.object({
  fees: z.array(feeView),
  /** Cents still to pay (fees and chosen add-ons neither paid nor covered). */
  fee_total: z.number(),
  addon: z.array(addonView),
});
export type ProductView = z.infer<typeof productView>;

/**
 * GET /api/account/transaction/{id}/billing: what submitting the group costs, for the finalize modal.
 */
export const transactionBillingView = z.object({
  product: productView,
  /** Document credits the submission uses, and whether the workspace has them. */
  credits_needed: z.number(),
  credits_remaining: z.number(),
  credits_covered: z.boolean(),
  /** The partner that covers fees, or null. */
  covered_by: z.string().nullable(),
  /** The brand's partner covers fees but the workspace is not connected to it: set-up in progress. */
  partner_setup_pending: z.boolean(),
  support_email: z.string(),
  /** The default payment method fees are charged to (cards only), or null. */
  default_method: z
    .object({ id: z.number(), brand: z.string().nullable(), last4: z.string(), kind: z.string() })
    .nullable(),
  /** The template's subscription prerequisites, and whether the workspace meets them. */
  subscriptions_required: z.array(z.string()),
  subscription_ok: z.boolean(),
});
export type TransactionBillingView = z.infer<typeof transactionBillingView>;
