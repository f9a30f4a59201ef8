import { createRequire } from 'node:module';
import { FileRefused } from './refusal.ts';

/**
 * pdf-lib inflates a PDF's object and cross-reference streams whole when it loads the file, with no
 * bound: a few hundred KB of compressed zeros become gigabytes. Every stream pdf-lib decodes grows its
 * buffer through DecodeStream.ensureBuffer (its port of pdf.js), so that one method is where the bytes a
 * task may decode are counted and capped, as they are inflated. Installed in the worker only (tasks.ts).
 */
export const PDF_DECODE_LIMIT = 64 * 1024 * 1024;

type DecodeStream = { buffer: Uint8Array; ensureBuffer(requested: number): Uint8Array };

let decoded = 0;
let limit = PDF_DECODE_LIMIT;
/**
 * The refusal, once the budget is spent. pdf-lib catches what a stream's parsing throws and carries on
 * (it skips the object), so the refusal is kept, thrown again by every later decode, and by
 * withDecodeBudget when the work returns.
 */
let refused: FileRefused | null = null;

// The module `import 'pdf-lib'` loads in Node (its CommonJS build, package.json "main").
const require = createRequire(import.meta.url);
const { prototype } = (
  require('pdf-lib/cjs/core/streams/DecodeStream.js') as {
    default: { prototype: DecodeStream };
  }
).default;
const ensureBuffer = prototype.ensureBuffer;

prototype.ensureBuffer = function (this: DecodeStream, requested: number) {
  if (refused) throw refused;
  const growth = requested - this.buffer.byteLength;
  if (growth > 0 && decoded + growth > limit) {
    refused = new FileRefused('size', `its streams decode to over ${limit} bytes`);
    throw refused;
  }
  const before = this.buffer.byteLength;
  const buffer = ensureBuffer.call(this, requested);
  decoded += buffer.byteLength - before;
  return buffer;
};

/** Runs one task's PDF work with a fresh budget of decoded bytes. */
export async function withDecodeBudget<T>(work: () => Promise<T>, bytes = PDF_DECODE_LIMIT): Promise<T> {
  decoded = 0;
  limit = bytes;
  refused = null;
  try {
    const result = await work();
    if (refused) throw refused;
    return result;
  } catch (error) {
    throw refused ?? error;
  } finally {
    decoded = 0;
    refused = null;
  }
}
