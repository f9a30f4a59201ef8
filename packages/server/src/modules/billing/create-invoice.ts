import { eq, inArray } from 'drizzle-orm';
import { randomToken } from '../../adapters/secrets.ts';
import type { Tx } from '../../db/client.ts';
import { charges, invoiceLines, invoices } from '../../db/schema/index.ts';

/**
 * A paid invoice with its lines, each naming the charge it records (billing-charges reuses this). Its
 * number is `{accountId}-{id}`: unique without a counter to race on.
 */
export async function createInvoice(
  tx: Tx,
  input: {
    accountId: number;
    provider: string;
    status: 'paid' | 'open';
    lines: { label: string; amountCents: number; quantity?: number; chargeId: number | null }[];
  },
) {
  const total = input.lines.reduce((sum, l) => sum + l.amountCents * (l.quantity ?? 1), 0);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      accountId: input.accountId,
      number: `pending:${randomToken(12)}`,
      status: input.status,
      totalCents: total,
      provider: input.provider,
      paidAt: input.status === 'paid' ? new Date() : null,
    })
    .returning();
  if (!invoice) throw new Error('invoice not saved');
  const number = `${input.accountId}-${invoice.id}`;
  await tx.update(invoices).set({ number }).where(eq(invoices.id, invoice.id));
  if (input.lines.length > 0) {
    await tx.insert(invoiceLines).values(
      input.lines.map((line) => ({
        invoiceId: invoice.id,
        label: line.label,
        quantity: line.quantity ?? 1,
        amountCents: line.amountCents,
        chargeId: line.chargeId,
      })),
    );
  }
  const chargeIds = input.lines.flatMap((line) => (line.chargeId === null ? [] : [line.chargeId]));
  if (chargeIds.length > 0) {
    await tx.update(charges).set({ invoiceId: invoice.id }).where(inArray(charges.id, chargeIds));
  }
  return { ...invoice, number };
}
