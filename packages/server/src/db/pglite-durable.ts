import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite starts PostgreSQL with `-F` (fsync=off): a killed process loses nothing (the operating system
 * still holds the writes) but a power cut can lose acknowledged commits or corrupt the database. These
 * are its default start parameters without `-F`, and with the WAL flushed by fsync(): PGlite's
 * WebAssembly file layer makes fdatasync() a no-op, while fsync() reaches the file system hook below.
 */
export const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
  // PostgreSQL's default 128 MB of shared buffers lives in the WebAssembly heap on top of the
  // operating system's page cache, which NODEFS reads through anyway: 32 MB saves ~100 MB of RSS.
  '-c',
  'shared_buffers=32MB',
];

type NodeFsStream = { nfd?: number };
type EmscriptenModule = { NODEFS?: { stream_ops: { fsync?: (stream: NodeFsStream) => number } } };

/**
 * PGlite 0.5's Node file layer (Emscripten's NODEFS) has no fsync operation, so even with fsync=on
 * PostgreSQL's flushes stop inside WebAssembly. This gives it one that flushes the real file: one
 * fsync per committed write, which cost 3 to 6 ms a commit on a loaded 2-core machine (4-10 ms ->
 * 9-11 ms); reads are unaffected. The module is per instance, so only this database is changed.
 * (`relaxedDurability` is no help: it only skips waiting for syncToFs, which is a no-op on NODEFS.)
 */
export function flushToDisk(pglite: PGlite) {
  const mod = (pglite as unknown as { mod?: EmscriptenModule }).mod;
  const streamOps = mod?.NODEFS?.stream_ops;
  if (!streamOps) throw new Error('PGlite exposes no NODEFS: cannot make the embedded database durable');
  streamOps.fsync = (stream) => {
    try {
      if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
      return 0;
    } catch {
      // EIO in Emscripten's numbering: PostgreSQL treats a failed flush as fatal, as it must.
      return 29;
    }
  };
}

async function open(dir: string) {
  const pglite = await PGlite.create(dir, { startParams: EMBEDDED_START_PARAMS });
  flushToDisk(pglite);
  return pglite;
}

/**
 * The embedded database in `dir`, every commit flushed to disk before it is acknowledged. A new folder
 * is made (initdb), closed and opened again: the instance that ran initdb keeps its ~400 MB of
 * WebAssembly memory for as long as it lives (an idle server held 717 MB against 394 MB after a reopen,
 * bench "Server memory"), and the reopen costs under a second, once.
 */
export async function openDurablePglite(dir: string) {
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await (await open(dir)).close();
  return open(dir);
}
