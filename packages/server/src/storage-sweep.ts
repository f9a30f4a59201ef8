import fs from 'node:fs/promises';
import path from 'node:path';
import { inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { ADVISORY_LOCKS } from './db/advisory-locks.ts';
import type { Tx } from './db/client.ts';
import { documentRecipients, files } from './db/schema/index.ts';

/**
 * Leftovers younger than this are left alone: on a shared database another instance may be writing
 * them right now (bytes are stored before the row naming them, and an upload is spooled as it arrives).
 */
export const SWEEP_GRACE_MS = 15 * 60_000;

/** How often a running server sweeps again: leftovers live at most grace + interval. */
export const SWEEP_INTERVAL_MS = 15 * 60_000;

export type SweepReport = { orphans: string[]; partials: string[]; spooled: string[] };

/** Of `keys`, those a row names: a file's bytes or preview, a signer's adopted signature or initials. */
export async function referencedKeys(db: Tx, keys: string[]): Promise<Set<string>> {
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
 * half-written `.part` files, and uploads spooled to DATA_DIR/tmp. Run at start and then periodically
 * (startStorageSweep).
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
      `storage sweep removed ${report.orphans.length} stored files no row names, ` +
        `${report.partials.length} half-written files and ${report.spooled.length} spooled uploads`,
    );
  }
  return report;
}

export type StorageSweepOptions = { intervalMs?: number; graceMs?: number };

/**
 * Sweeps now and then every `intervalMs` until stopped, so what a rolled-back transaction or a killed
 * upload leaves goes without waiting for a restart. On a shared PostgreSQL database the instances take
 * turns: one holds a transaction-scoped advisory lock while it sweeps and the others skip that round.
 * The embedded database has a single process and a single connection, so it sweeps without a lock
 * (a transaction held for the sweep would queue every request behind it).
 */
export function startStorageSweep(
  ctx: AppContext,
  { intervalMs = SWEEP_INTERVAL_MS, graceMs = SWEEP_GRACE_MS }: StorageSweepOptions = {},
) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const once = async () => {
    const before = new Date(Date.now() - graceMs);
    if (ctx.database.driver === 'pglite') return sweepLeftovers(ctx, before);
    return ctx.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.storageSweep}) as locked`,
      );
      return rows[0]?.locked ? sweepLeftovers(ctx, before) : null;
    });
  };
  const run = () => {
    running = once().catch((error) => ctx.log.warn({ err: error }, 'storage sweep failed'));
    return running;
  };
  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void run().then(schedule), intervalMs);
    timer.unref();
  };
  void run().then(schedule);
  return {
    /** Stops the timer and waits for a sweep under way. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
