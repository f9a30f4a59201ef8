import type { PaymentMethodsView } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { authorizeBillingRead, billingAbilitiesFor } from './policies.ts';
import { presentMethod } from './presenters.ts';
import { listMethodRows } from './scope.ts';

/**
 * GET /api/account/billing/method (and v3): verified methods first; `new` and `verification_failed` ones
 * only when `all` (the settings list), since a payment cannot use them (spec 1 §4).
 */
export async function listMethods({
  ctx,
  tx,
  actor,
  all,
}: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  all: boolean;
}): Promise<PaymentMethodsView> {
  authorizeBillingRead(actor);
  const rows = await listMethodRows(tx, actor.accountId);
  const shown = all ? rows : rows.filter((r) => r.status === 'verified');
  return {
    methods: shown.map((r) => presentMethod(actor, r)),
    default_method_id: rows.find((r) => r.isDefault)?.id ?? null,
    test_mode: ctx.payments.testMode,
    abilities: billingAbilitiesFor(actor),
  };
}

/** GET /api/account/banks: every bank account of the workspace, whatever its status. */
export async function listBanks({ tx, actor }: { tx: Tx; actor: MemberActor }) {
  authorizeBillingRead(actor);
  const rows = await listMethodRows(tx, actor.accountId);
  return { banks: rows.filter((r) => r.kind === 'bank').map((r) => presentMethod(actor, r)) };
}

/** The settings list after a change: every method the workspace has. */
export async function allMethods(tx: Tx, actor: MemberActor) {
  return (await listMethodRows(tx, actor.accountId)).map((r) => presentMethod(actor, r));
}
