/**
 * What the durable embedded database costs: one-row commits on PGlite as Charter opens it (fsync on, each
 * commit flushed to the disk, db/pglite-durable.ts) against PGlite's own default (fsync off: a power cut
 * may lose acknowledged commits). Each in a fresh data folder. Part of `npm run bench`; `npx tsx
 * bench/durability.ts` runs it alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { openDurablePglite } from '../packages/server/src/db/pglite-durable.ts';

export type CommitTiming = { commits: number; meanMs: number; p99Ms: number };
export type DurabilityTiming = { durable: CommitTiming; fsyncOff: CommitTiming };

async function timeCommits(open: (dir: string) => Promise<PGlite>, commits: number): Promise<CommitTiming> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-bench-commits-'));
  const pglite = await open(dir);
  try {
    await pglite.exec('create table bench_commits (id serial primary key, body text not null)');
    const times: number[] = [];
    for (let n = 0; n < commits; n++) {
      const started = performance.now();
      await pglite.query('insert into bench_commits (body) values ($1)', [`commit ${n}`]);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
    const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)];
    return { commits, meanMs: mean, p99Ms: p99 };
  } finally {
    await pglite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function timeDurability(commits: number): Promise<DurabilityTiming> {
  const durable = await timeCommits(openDurablePglite, commits);
  const fsyncOff = await timeCommits((dir) => PGlite.create(dir), commits);
  return { durable, fsyncOff };
}

export function describeDurability({ durable, fsyncOff }: DurabilityTiming): string {
  const line = (t: CommitTiming) => `mean ${t.meanMs.toFixed(1)} ms, p99 ${t.p99Ms.toFixed(1)} ms`;
  return (
    `Embedded commits (${durable.commits} one-row inserts): durable ${line(durable)}; ` +
    `fsync off ${line(fsyncOff)}; cost ${(durable.meanMs - fsyncOff.meanMs).toFixed(1)} ms a commit`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(describeDurability(await timeDurability(300)));
}
