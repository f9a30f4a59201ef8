import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, charges, invoiceLines, paymentMethods, users } from '../../db/schema/index.ts';
import { listInvoiceRows } from './scope.ts';

/** How a receipt names what paid: 'Visa ending in 4242', 'Chase (bank account) ending in 6789'. */
export function describeMethod(method: {
  kind: string;
  brand: string | null;
  last4: string;
  bankLabel: string | null;
}) {
  if (method.kind === 'bank') {
    const name = method.bankLabel || method.brand;
    return `${name ? `${name} (bank account)` : 'Bank account'} ending in ${method.last4}`;
  }
  return `${method.brand || 'Card'} ending in ${method.last4}`;
}

/**
 * What a receipt shows of one of a workspace's invoices: its lines, the workspace billed, the method its
 * charges were paid with, and who paid (for the receipt email). Null when the invoice is not the
 * workspace's.
 */
export async function loadReceipt(tx: Tx, accountId: number, invoiceId: number) {
  const [found] = await listInvoiceRows(tx, accountId, invoiceId);
  if (!found) return null;
  const [paid] = await tx
    .select({
      kind: paymentMethods.kind,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      bankLabel: paymentMethods.bankLabel,
      payerEmail: users.email,
    })
    .from(invoiceLines)
    .innerJoin(charges, eq(charges.id, invoiceLines.chargeId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, charges.paymentMethodId))
    .leftJoin(users, eq(users.id, charges.createdBy))
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(invoiceLines.id)
    .limit(1);
  const [account] = await tx
    .select({ companyName: accounts.companyName })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return {
    ...found,
    company: account?.companyName ?? '',
    paidWith:
      paid?.kind && paid.last4 ? describeMethod({ ...paid, kind: paid.kind, last4: paid.last4 }) : null,
    payerEmail: paid?.payerEmail ?? null,
  };
}

export type Receipt = NonNullable<Awaited<ReturnType<typeof loadReceipt>>>;

export const money = (cents: number, currency: string) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });

/** The receipt's lines as printed: 'Label × 2' and the amount. */
export const receiptRows = (receipt: Receipt) =>
  receipt.lines.map((l) => ({
    label: l.quantity > 1 ? `${l.label} × ${l.quantity}` : l.label,
    amount: money(l.amountCents * l.quantity, receipt.invoice.currency),
  }));
