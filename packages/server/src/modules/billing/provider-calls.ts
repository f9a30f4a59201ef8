import { PaymentError, type PaymentProvider } from '../../adapters/payments/provider.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import type { CustomerRow } from './scope.ts';

/** The provider a customer lives at (its row names it, with its billing domain). */
export const providerOf = (ctx: AppContext, customer: CustomerRow): PaymentProvider =>
  ctx.payments.byName(customer.provider, customer.stripeDomain);

/**
 * A provider call whose refusal (a decline, wrong amounts, a bad token) is answered to the user with the
 * provider's own message (spec 1 §8); anything else (the provider unreachable) stays a server error.
 */
export async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentError) throw new AppError('PAYMENT_FAILED', error.message);
    throw error;
  }
}
