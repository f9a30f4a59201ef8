import { BILLING_MESSAGES } from '@charter/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  accounts,
  billingCustomers,
  brands,
  invoiceLines,
  invoices,
  partnerAccounts,
  partners,
  paymentMethods,
  subscriptions,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type CustomerRow = typeof billingCustomers.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

export async function findCustomer(tx: Tx, accountId: number): Promise<CustomerRow | null> {
  const [row] = await tx.select().from(billingCustomers).where(eq(billingCustomers.accountId, accountId));
  return row ?? null;
}

/** A workspace's methods not removed: verified first, then newest first. */
export async function listMethodRows(tx: Tx, accountId: number): Promise<PaymentMethodRow[]> {
  return tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, accountId), isNull(paymentMethods.removedAt)))
    .orderBy(
      sql`case ${paymentMethods.status} when 'verified' then 0 when 'new' then 1 else 2 end`,
      desc(paymentMethods.isDefault),
      desc(paymentMethods.createdAt),
      desc(paymentMethods.id),
    );
}

/** One of the workspace's own methods (not removed), else 404: another workspace's id is absent. */
export async function findMethod(
  tx: Tx,
  accountId: number,
  id: number,
  lock = false,
): Promise<PaymentMethodRow> {
  const query = tx
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.accountId, accountId),
        isNull(paymentMethods.removedAt),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(BILLING_MESSAGES.methodNotFound);
  return row;
}

export async function listSubscriptionRows(tx: Tx, accountId: number): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

export async function listInvoiceRows(tx: Tx, accountId: number, id?: number) {
  const rows = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), id === undefined ? undefined : eq(invoices.id, id)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  const lines = rows.length
    ? await tx
        .select()
        .from(invoiceLines)
        .where(
          inArray(
            invoiceLines.invoiceId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(invoiceLines.id))
    : [];
  return rows.map((invoice) => ({ invoice, lines: lines.filter((l) => l.invoiceId === invoice.id) }));
}

/**
 * The brand billing goes by: the workspace's own (the brand it was made under), else the default. Never
 * the request's Host: a workspace's catalogue and billing domain do not change with the hostname it is
 * reached through, so an admin cannot pick another brand's prices by calling through another host.
 * One query: the default brand, and the workspace's own found by joining its account row.
 */
export async function billingBrands(tx: Tx, accountId: number) {
  const rows = await tx
    .select({
      id: brands.id,
      hostname: brands.hostname,
      isDefault: brands.isDefault,
      assets: brands.assets,
      /** Set on the workspace's own brand only. */
      ownedBy: accounts.id,
    })
    .from(brands)
    .leftJoin(accounts, and(eq(accounts.id, accountId), eq(accounts.brandId, brands.id)))
    .where(or(isNotNull(accounts.id), brands.isDefault));
  const fallback = rows.find((b) => b.isDefault) ?? null;
  return { brand: rows.find((b) => b.ownedBy !== null) ?? fallback, defaultBrand: fallback };
}

/** The billing domain of a workspace's first connected partner that names one. */
export async function partnerStripeDomain(tx: Tx, accountId: number): Promise<string | null> {
  const [row] = await tx
    .select({ stripeDomain: partners.stripeDomain })
    .from(partnerAccounts)
    .innerJoin(partners, eq(partners.id, partnerAccounts.partnerId))
    .where(and(eq(partnerAccounts.accountId, accountId), sql`${partners.stripeDomain} is not null`))
    .orderBy(asc(partnerAccounts.createdAt))
    .limit(1);
  return row?.stripeDomain ?? null;
}
