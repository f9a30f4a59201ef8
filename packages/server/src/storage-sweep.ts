import fs from 'node:fs/promises';
import path from 'node:path';
import { inArray, or } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import type { Tx } from './db/client.ts';
import { documentRecipients, files } from './db/schema/index.ts';

/**
 * Leftovers younger than this are left alone: on a shared database another instance may be writing
 * them right now (bytes are stored before the row naming them, and an upload is spooled as it arrives).
 */
export const SWEEP_GRACE_MS = 15 * 60_000;

export type SweepReport = { orphans: string[]; partials: string[]; spooled: string[] };

/** Of `keys`, those a row names: a file's bytes or preview, a signer's adopted signature or initials. */
async function referencedKeys(db: Tx, keys: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ storageKey: files.storageKey, previewKey: files.previewKey })
    .from(files)
    .where(or(inArray(files.storageKey, keys), inArray(files.previewKey, keys)));
  const marks = await db
    .select({ signature: documentRecipients.signatureKey, initials: documentRecipients.initialsKey })
    .from(documentRecipients)
    .where(or(inArray(documentRecipients.signatureKey, keys), inArray(documentRecipients.initialsKey, keys)));
  return new Set([
    ...rows.flatMap((row) => [row.storageKey, row.previewKey ?? '']),
    ...marks.flatMap((row) => [row.signature ?? '', row.initials ?? '']),
  ]);
}

/** Removes the files of `dir` last written before `before`; returns their names. */
async function removeOldFiles(dir: string, before: Date): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await fs.readdir(dir).catch(() => [])) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (!stat?.isFile() || stat.mtimeMs >= before.getTime()) continue;
    await fs.rm(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * What a crash (or a kill in the middle of an upload) leaves behind: stored bytes no row names,
 * half-written `.part` files, and uploads spooled to DATA_DIR/tmp. Run at start, in the background.
 */
export async function sweepLeftovers(ctx: AppContext, before = new Date(Date.now() - SWEEP_GRACE_MS)) {
  const spooled = await removeOldFiles(path.join(ctx.config.dataDir, 'tmp'), before);
  const stored = (await ctx.storage.sweep?.((keys) => referencedKeys(ctx.db, keys), before)) ?? {
    orphans: [],
    partials: [],
  };
  const report: SweepReport = { ...stored, spooled };
  const count = report.orphans.length + report.partials.length + report.spooled.length;
  if (count > 0) {
    ctx.log.info(
      report,
      `start-up sweep removed ${report.orphans.length} stored files no row names, ` +
        `${report.partials.length} half-written files and ${report.spooled.length} spooled uploads`,
    );
  }
  return report;
}
