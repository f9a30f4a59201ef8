import { PDFDocument, rgb } from 'pdf-lib';
import { drawLine, embedFonts } from '../../adapters/pdf/fonts.ts';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { authorizeBillingRead } from './policies.ts';
import { loadReceipt, money, receiptRows } from './receipt.ts';

export const INVOICE_NOT_FOUND = 'Invoice not found.';

/**
 * GET /api/account/v3/invoice/{id}/receipt: a one-page receipt of one of the workspace's invoices, drawn
 * with the bundled Unicode fonts (a workspace or line name in any script prints as written).
 */
export async function receiptPdf({
  tx,
  actor,
  invoiceId,
  brandName,
}: {
  tx: Tx;
  actor: MemberActor;
  invoiceId: number;
  brandName: string;
}): Promise<{ bytes: Uint8Array; filename: string }> {
  authorizeBillingRead(actor);
  const receipt = await loadReceipt(tx, actor.accountId, invoiceId);
  if (!receipt) throw notFound(INVOICE_NOT_FOUND);
  const { invoice, company, paidWith } = receipt;
  const rows = receiptRows(receipt);
  const date = (invoice.paidAt ?? invoice.createdAt).toISOString().slice(0, 10);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${invoice.number}`);
  pdf.setProducer(brandName);
  const everything = [
    brandName,
    company,
    invoice.number,
    paidWith ?? '',
    ...rows.flatMap((r) => [r.label, r.amount]),
  ].join(' ');
  const fonts = await embedFonts(
    pdf,
    `${everything} Receipt Invoice Date Status Total Paid with Billed to 0123456789$.,:`,
  );
  const page = pdf.addPage([612, 792]);
  const grey = rgb(0.35, 0.35, 0.35);
  let y = 730;
  drawLine(page, fonts, brandName, { x: 56, y, size: 20, style: { bold: true } });
  y -= 36;
  drawLine(page, fonts, 'Receipt', { x: 56, y, size: 16, style: { bold: true } });
  y -= 26;
  for (const [k, v] of [
    ['Billed to', company],
    ['Invoice', invoice.number],
    ['Date', date],
    ['Status', invoice.status === 'paid' ? 'Paid' : invoice.status],
    // What the charges were made on (spec 1 §3 payment method: brand and last4).
    ...(paidWith ? [['Paid with', paidWith] as const] : []),
  ] as const) {
    drawLine(page, fonts, k, { x: 56, y, size: 10, color: grey });
    drawLine(page, fonts, v, { x: 160, y, size: 10 });
    y -= 16;
  }
  y -= 16;
  page.drawLine({ start: { x: 56, y: y + 6 }, end: { x: 556, y: y + 6 }, thickness: 0.5, color: grey });
  y -= 12;
  for (const row of rows) {
    drawLine(page, fonts, row.label.slice(0, 90), { x: 56, y, size: 11 });
    const w = fonts.widthOf(row.amount, 11);
    drawLine(page, fonts, row.amount, { x: 556 - w, y, size: 11 });
    y -= 18;
    if (y < 100) break;
  }
  page.drawLine({ start: { x: 56, y: y + 6 }, end: { x: 556, y: y + 6 }, thickness: 0.5, color: grey });
  y -= 14;
  const total = money(invoice.totalCents, invoice.currency);
  drawLine(page, fonts, 'Total', { x: 56, y, size: 12, style: { bold: true } });
  drawLine(page, fonts, total, {
    x: 556 - fonts.widthOf(total, 12, { bold: true }),
    y,
    size: 12,
    style: { bold: true },
  });
  return { bytes: await pdf.save(), filename: `receipt-${invoice.number}.pdf` };
}
