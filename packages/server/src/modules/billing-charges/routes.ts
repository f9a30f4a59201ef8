import { creditsView, idParams, transactionBillingView } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { getCredits } from './get-credits.ts';
import { getTransactionBilling } from './get-transaction-billing.ts';

const tags = ['billing'];

/**
 * Credits and what a submission costs. Charging happens in the finalize route (workflows) through
 * payForSubmission, before its transaction.
 */
export async function billingChargeRoutes(app: App, ctx: AppContext) {
  const member = (request: Parameters<typeof authenticateAccount>[1]) => authenticateAccount(ctx, request);

  app.get(
    '/api/account/billing/credits',
    { schema: { tags, response: { 200: creditsView } } },
    async (request) => {
      const actor = await member(request);
      return ctx.db.transaction((tx) => getCredits({ tx, actor }));
    },
  );

  app.get(
    '/api/account/transaction/:id/billing',
    { schema: { tags, params: idParams, response: { 200: transactionBillingView } } },
    async (request) => {
      const actor = await member(request);
      return ctx.db.transaction((tx) => getTransactionBilling({ tx, actor, id: request.params.id }));
    },
  );
}
