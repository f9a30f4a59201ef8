import {
  type BankLinkBody,
  type BankLinkTokenView,
  BILLING_MESSAGES,
  type MethodChangeView,
} from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { MemberActor } from '../../http/actor.ts';
import { ensureCustomer } from './ensure-customer.ts';
import { allMethods } from './list-methods.ts';
import { authorizeBillingManage } from './policies.ts';
import { presentMethod } from './presenters.ts';
import { askProvider, providerOf } from './provider-calls.ts';
import { saveMethod } from './save-method.ts';

/** POST /api/account/admin/billing/plaid/link_token: a token for the browser's bank-link widget. */
export async function createBankLinkToken({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: MemberActor;
}): Promise<BankLinkTokenView> {
  authorizeBillingManage(actor);
  const customer = await ensureCustomer({ ctx, actor });
  const provider = providerOf(ctx, customer);
  const { linkToken } = await askProvider(() =>
    provider.createBankLinkToken({ customerId: customer.providerCustomerId }),
  );
  return { link_token: linkToken, test_mode: provider.testMode };
}

/**
 * POST /api/account/admin/billing/plaid/public_token: the widget's public token exchanged for a bank
 * account, verified at once (no micro-deposits). A cancelled link answers the provider's message.
 */
export async function exchangeBankLink({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: MemberActor;
  input: BankLinkBody;
}): Promise<MethodChangeView> {
  authorizeBillingManage(actor);
  const customer = await ensureCustomer({ ctx, actor });
  const provider = providerOf(ctx, customer);
  const method = await askProvider(() =>
    provider.exchangeBankLink({
      customerId: customer.providerCustomerId,
      publicToken: input.public_token,
      accountId: input.account?.id ?? '',
    }),
  );
  const label = input.account?.name || input.institution?.name || method.brand || null;
  return ctx.db.transaction(async (tx) => {
    const row = await saveMethod({ tx, actor, customer, method, isDefault: false, bankLabel: label });
    return {
      method: presentMethod(actor, row),
      methods: await allMethods(tx, actor),
      message: BILLING_MESSAGES.methodAdded,
    };
  });
}
