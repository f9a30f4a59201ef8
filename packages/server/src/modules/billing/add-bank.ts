import { type AddBankBody, BILLING_MESSAGES, type MethodChangeView } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { MemberActor } from '../../http/actor.ts';
import { ensureCustomer } from './ensure-customer.ts';
import { allMethods } from './list-methods.ts';
import { authorizeBillingManage } from './policies.ts';
import { presentMethod } from './presenters.ts';
import { askProvider, providerOf } from './provider-calls.ts';
import { saveMethod } from './save-method.ts';

/**
 * POST /api/account/ach: a bank account to verify by two micro-deposits (spec 1 §5). It starts `new`:
 * hidden from payment lists and never the default until verified. Its numbers were checked by the
 * contract and are not kept: the provider holds the account behind the token.
 */
export async function addBank({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: MemberActor;
  input: Pick<AddBankBody, 'token' | 'bank_label'>;
}): Promise<MethodChangeView> {
  authorizeBillingManage(actor);
  const customer = await ensureCustomer({ ctx, actor });
  const provider = providerOf(ctx, customer);
  const method = await askProvider(() =>
    provider.attachBank({ customerId: customer.providerCustomerId, token: input.token }),
  );
  return ctx.db.transaction(async (tx) => {
    const row = await saveMethod({
      tx,
      actor,
      customer,
      method,
      isDefault: false,
      bankLabel: input.bank_label.trim() || null,
    });
    return {
      method: presentMethod(actor, row),
      methods: await allMethods(tx, actor),
      message: BILLING_MESSAGES.achSubmitted,
    };
  });
}
