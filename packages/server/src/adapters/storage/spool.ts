import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An upload written to a temporary file as it arrived, with what its type check needs. */
export type Spooled = {
  path: string;
  size: number;
  sha256: string;
  /** The whole file when small, else its first bytes: enough to recognise every accepted type. */
  sample: Uint8Array;
};

/** Files up to this size are checked whole (a ZIP's directory sits at its end); larger ones by their start. */
export const WHOLE_SAMPLE_BYTES = 1024 * 1024;
/** One byte past the 64 KiB the checks read, so a text check knows the file goes on. */
const HEAD_BYTES = 64 * 1024 + 1;

/**
 * Writes a stream to a new file in `dir`, hashing and counting it on the way, so an upload of any size
 * costs a few buffers of memory. The file is removed again if the stream fails.
 */
export async function spool(source: NodeJS.ReadableStream, dir: string): Promise<Spooled> {
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.upload`);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < WHOLE_SAMPLE_BYTES) {
        head.push(chunk);
        headLength += chunk.length;
      }
      done(null, chunk);
    },
  });
  const sink = fs.createWriteStream(file, { flags: 'wx' });
  try {
    await pipeline(source, tap, sink);
  } catch (error) {
    // A body that fails at once can fail before the file is even open: removed only once the stream
    // has opened and closed it, or the file would appear after its removal.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await fsp.rm(file, { force: true });
    throw error;
  }
  const start = Buffer.concat(head);
  const sample = size <= WHOLE_SAMPLE_BYTES ? start : start.subarray(0, HEAD_BYTES);
  return { path: file, size, sha256: hash.digest('hex'), sample };
}
