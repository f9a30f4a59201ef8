import type { ProviderMethod } from '../../adapters/payments/provider.ts';
import type { Tx } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { ensureDefault, makeDefault } from './default-method.ts';
import type { CustomerRow, PaymentMethodRow } from './scope.ts';
import { findMethod } from './scope.ts';

/**
 * Keeps what we show of a method the provider attached (never its number), then applies the default rules:
 * asked to be default and verified → the default; the first verified method → the default; a `new` bank
 * account never is.
 */
export async function saveMethod({
  tx,
  actor,
  customer,
  method,
  isDefault,
  bankLabel,
}: {
  tx: Tx;
  actor: MemberActor;
  customer: CustomerRow;
  method: ProviderMethod;
  isDefault: boolean;
  bankLabel: string | null;
}): Promise<PaymentMethodRow> {
  const [row] = await tx
    .insert(paymentMethods)
    .values({
      accountId: actor.accountId,
      provider: customer.provider,
      providerMethodId: method.id,
      kind: method.kind,
      brand: method.brand,
      last4: method.last4,
      expMonth: method.expMonth,
      expYear: method.expYear,
      funding: method.funding,
      holderName: method.holderName,
      country: method.country,
      bankLabel,
      status: method.status,
      createdBy: actor.userId,
    })
    .returning();
  if (!row) throw new Error('payment method not saved');
  if (isDefault && row.status === 'verified') await makeDefault(tx, actor.accountId, row.id);
  else await ensureDefault(tx, actor.accountId);
  await recordAudit(tx, actor, 'billing.method.add', {
    payment_method_id: row.id,
    kind: row.kind,
    last4: row.last4,
    status: row.status,
  });
  return findMethod(tx, actor.accountId, row.id);
}
