import { escapeHtml, mailHtml } from '../../adapters/mail/mail-html.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type MailBrand, mailBrandOfAccount } from '../brand/mail-brand.ts';
import { loadReceipt, money, type Receipt, receiptRows } from './receipt.ts';

/**
 * A payment's receipt by email, queued in the commit that made the paid invoice (so it goes once, and
 * only for a payment that stands): to the member who paid, naming the card as the PDF receipt does.
 */
export async function sendReceipt(ctx: AppContext, tx: Tx, accountId: number, invoiceId: number) {
  const receipt = await loadReceipt(tx, accountId, invoiceId);
  if (!receipt?.payerEmail) return;
  const brand = await mailBrandOfAccount(ctx, tx, accountId);
  await ctx.mailer.send(tx, receiptEmail(receipt.payerEmail, receipt, brand, accountId));
}

export function receiptEmail(to: string, receipt: Receipt, brand: MailBrand, accountId: number): MailMessage {
  const { invoice, company, paidWith } = receipt;
  const total = money(invoice.totalCents, invoice.currency);
  const date = (invoice.paidAt ?? invoice.createdAt).toISOString().slice(0, 10);
  const rows = receiptRows(receipt);
  const link = `${brand.url}/c/${accountId}/settings/billing`;
  const facts: [string, string][] = [
    ['Receipt', invoice.number],
    ['Date', date],
    ['Billed to', company],
    ...(paidWith ? [['Paid with', paidWith] as [string, string]] : []),
  ];
  const text = [
    'Hello,',
    '',
    `Thank you for your payment to ${brand.name}. This is your receipt.`,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    ...rows.map((r) => `${r.label}: ${r.amount}`),
    `Total paid: ${total}`,
    '',
    `Your receipts (PDF) are on the Billing page: ${link}`,
    '',
    brand.name,
    '',
  ].join('\n');
  const cell = 'padding:4px 12px 4px 0';
  const html = mailHtml(`<p>Hello,</p>
    <p>Thank you for your payment to ${escapeHtml(brand.name)}. This is your receipt.</p>
    <table style="border-collapse:collapse">${facts
      .map(
        ([k, v]) => `<tr><td style="${cell};color:#555">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`,
      )
      .join('')}</table>
    <table style="border-collapse:collapse;margin-top:12px">${rows
      .map(
        (r) =>
          `<tr><td style="${cell}">${escapeHtml(r.label)}</td><td style="text-align:right">${escapeHtml(r.amount)}</td></tr>`,
      )
      .join(
        '',
      )}<tr><td style="${cell};font-weight:bold">Total paid</td><td style="text-align:right;font-weight:bold">${escapeHtml(total)}</td></tr></table>
    <p><a href="${escapeHtml(link)}">Your receipts (PDF) are on the Billing page</a></p>
    <p>${escapeHtml(brand.name)}</p>`);
  return { to, brand, subject: `Your receipt from ${brand.name}: ${total} (${invoice.number})`, text, html };
}
