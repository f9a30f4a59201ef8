import { markdownToPdf } from './adapters/pdf/markdown-pdf.ts';
import type { AppContext } from './context.ts';
import type { Tx } from './db/client.ts';
import { documents, files } from './db/schema/index.ts';
import { ensureFolder } from './modules/cabinet/ensure-folder.ts';

const DAY_MS = 86_400_000;
/** Where the demo's earlier documents are kept in its file cabinet. */
export const DEMO_DOCUMENTS_FOLDER = '/Signed Documents';

/**
 * The demo workspace's history: documents signed or uploaded over the past months, so the documents
 * page, its date range and the cabinet have something to show on a first start.
 */
export const DEMO_DOCUMENTS = [
  {
    daysAgo: 120,
    label: 'Office Lease',
    uploaded: true,
    body: 'The landlord leases Suite 400 to Demo Ventures, Inc. for a term of **three years**.',
  },
  {
    daysAgo: 75,
    label: 'Series Seed Term Sheet',
    uploaded: false,
    body: 'Investors purchase Series Seed Preferred Stock for an aggregate of **$2,000,000**.',
  },
  {
    daysAgo: 40,
    label: 'Mutual NDA with Globex',
    uploaded: false,
    body: 'Each party keeps the other party’s confidential information confidential for two years.',
  },
  {
    daysAgo: 12,
    label: 'Q3 Board Minutes',
    uploaded: false,
    body: 'The board approved the 2026 operating plan and the grant of options to new employees.',
  },
] as const;

/**
 * Renders and stores the demo documents, then names them in the workspace within `tx`; bytes written
 * before the rows, as for every file.
 */
export async function seedDemoDocuments(ctx: AppContext, tx: Tx, accountId: number, userId: number) {
  const now = Date.now();
  await ensureFolder(tx, accountId, DEMO_DOCUMENTS_FOLDER);
  for (const demo of DEMO_DOCUMENTS) {
    const { bytes: pdf } = await markdownToPdf(`# ${demo.label}\n\n${demo.body}\n\nDemo Ventures, Inc.`, {
      title: demo.label,
    });
    const stored = await ctx.storage.put(pdf);
    const date = new Date(now - demo.daysAgo * DAY_MS);
    const filename = `${demo.label}.pdf`;
    const [file] = await tx
      .insert(files)
      .values({
        accountId,
        filename,
        contentType: 'application/pdf',
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
        folder: DEMO_DOCUMENTS_FOLDER,
        createdBy: userId,
        createdAt: date,
      })
      .returning({ id: files.id });
    await tx.insert(documents).values({
      accountId,
      fileId: file.id,
      filename,
      label: demo.label,
      // No status with a file reads 'Uploaded' (spec 2 §4).
      status: demo.uploaded ? null : 'document.completed',
      completedAt: date,
      createdAt: date,
    });
  }
}
