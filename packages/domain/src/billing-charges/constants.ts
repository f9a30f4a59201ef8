/** Texts and limits of credits, fees and add-ons of tasks (spec 1 §3, §8, §9; spec 2 §3, §8, §9). */

export const CREDITS_MESSAGES = {
  notEnough:
    'Account does not have enough document credits. Click Subscription link in banner or "Upgrade Plan" at top of page to get more credits.',
} as const;

export const SUBSCRIPTION_MESSAGES = {
  wrong: 'Account does not have the correct subscription.',
  /** Added by the web app after the server's message (spec 2 §8). */
  wrongSuffix: 'Click Subscription link underneath pricing',
  /** A workspace whose subscription is its partner's cannot buy one itself (spec 2 §7). */
  partner:
    'Account does not have the correct subscription. Please contact support to update your partner subscription.',
} as const;

export const PAYMENT_MESSAGES = {
  cardDeclined: 'Card Declined',
  /** Spec 2 §8: the default of a failed finalize payment. */
  failedDefault: 'An error Has occurred. If error persists, please contact us.',
  requiresAction: 'Your bank asks you to confirm this payment before the task can be submitted.',
  noMethod: 'Add a payment method to pay the fees of this task.',
  inProgress: 'A payment for this task is being processed. Please wait a moment and try again.',
} as const;

/** The task overview's fee/credit notice (spec 2 §2), and the add-on choice. */
export const FEE_MESSAGES = {
  /** Only when the task has no fee, add-on or credit to show. */
  none: 'No fees or document credits apply to this task.',
  addonsUpdated: 'Add-ons updated.',
  addonUnknown: 'This add-on is not offered with this task.',
  /** A task done elsewhere (Upload, Skip) buys nothing of ours. */
  addonNotBillable: 'Add-ons can be chosen only for a task we carry out (Generate or Custom).',
} as const;

/**
 * Document credits a plan grants (the spec gives no numbers: ours). The free plan's are every workspace's;
 * an active subscription adds its plan's. Slugs of packages/domain billing PLAN_CATALOGUES.
 */
export const PLAN_CREDITS: Readonly<Record<string, number>> = {
  basic: 3,
  starter_annual: 25,
  advanced_monthly: 10,
  advanced_annual: 100,
  premium: 250,
};

/** The charge of a task's fee: one per workspace, task and fee, whatever the number of finalizes. */
export const feeIdempotencyKey = (accountId: number, taskId: number, feeKey: string) =>
  `fee:${accountId}:${taskId}:${feeKey}`;
export const addonIdempotencyKey = (accountId: number, taskId: number, addonKey: string) =>
  `addon:${accountId}:${taskId}:${addonKey}`;
/** The document credits a task used (a charges row of purpose `credits`, amount 0). */
export const creditsIdempotencyKey = (accountId: number, taskId: number) => `credits:${accountId}:${taskId}`;

/** Dollars for display: amounts are integer cents end to end. */
export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;
