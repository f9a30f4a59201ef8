import type { InvoicesView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { authorizeBillingRead } from './policies.ts';
import { presentInvoice } from './presenters.ts';
import { listInvoiceRows } from './scope.ts';

/** GET /api/account/v3/invoice: the workspace's invoices with their lines, newest first. */
export async function listInvoices({ tx, actor }: { tx: Tx; actor: MemberActor }): Promise<InvoicesView> {
  authorizeBillingRead(actor);
  const rows = await listInvoiceRows(tx, actor.accountId);
  return { invoices: rows.map((r) => presentInvoice(r.invoice, r.lines)) };
}
