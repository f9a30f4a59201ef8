import type { AppContext } from '../../context.ts';
import { billingCustomers } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { askProvider } from './provider-calls.ts';
import { type CustomerRow, findCustomer } from './scope.ts';
import { billingSetup } from './setup.ts';

/**
 * The workspace's customer at the payment provider, made on first need (a method, a bank link, a
 * subscription) under the installation's provider and the brand's billing domain. The provider is called
 * outside any transaction; two racing first calls keep whichever row landed first.
 */
export async function ensureCustomer({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: MemberActor;
}): Promise<CustomerRow> {
  const existing = await findCustomer(ctx.db, actor.accountId);
  if (existing) return existing;
  const { stripeDomain } = await billingSetup(ctx.db, actor.accountId);
  const provider = ctx.payments.forDomain(stripeDomain);
  const created = await askProvider(() =>
    provider.createCustomer({
      accountId: actor.accountId,
      name: actor.account.companyName,
      email: actor.user.email ?? null,
    }),
  );
  await ctx.db
    .insert(billingCustomers)
    .values({
      accountId: actor.accountId,
      provider: provider.name,
      stripeDomain,
      providerCustomerId: created.id,
    })
    .onConflictDoNothing();
  const row = await findCustomer(ctx.db, actor.accountId);
  if (!row) throw new Error('billing customer vanished');
  return row;
}
