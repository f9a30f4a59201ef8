import { BILLING_MESSAGES, CREDITS_MESSAGES, SUBSCRIPTION_MESSAGES } from '@charter/domain';
import { AppError } from '../../http/errors.ts';
import type { Pricing } from './pricing.ts';

/**
 * Refusals that come before any money moves (spec 2 §7 "Submit requires …"): the template's plan, then the
 * document credits (unless the partner covers them), then a partner billing set-up still in progress.
 */
export function assertPlanAndCredits(pricing: Pricing) {
  const { standing } = pricing;
  if (!pricing.subscriptionOk) {
    throw new AppError(
      'SUBSCRIPTION_REQUIRED',
      standing.hasPartnerSubscription ? SUBSCRIPTION_MESSAGES.partner : SUBSCRIPTION_MESSAGES.wrong,
    );
  }
  if (
    pricing.creditsTotal > 0 &&
    !standing.creditPartner &&
    standing.credits.remaining < pricing.creditsTotal
  ) {
    throw new AppError('CREDITS_REQUIRED', CREDITS_MESSAGES.notEnough);
  }
  if (pricing.due.length > 0 && standing.partnerSetupPending) {
    throw new AppError(
      'PAYMENT_FAILED',
      `${BILLING_MESSAGES.partnerSetupInProgress} ${standing.supportEmail}`,
    );
  }
}
