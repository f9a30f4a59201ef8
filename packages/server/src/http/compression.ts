import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { App } from './types.ts';

/** Smaller answers leave as they are: compressing them costs more time than it saves on the wire. */
export const COMPRESS_THRESHOLD_BYTES = 8192;

/** How many of the last distinct answers (per encoding) keep their compressed bytes. */
export const RECENT_COMPRESSED = 16;

type CompressSync = (input: Buffer, options?: zlib.ZlibOptions | zlib.BrotliOptions) => Buffer;

/**
 * A synchronous compressor that remembers its last RECENT_COMPRESSED answers: a polled answer (a room of
 * 500 documents watched by every visitor, a task list) is often byte for byte the one just sent, and one
 * comparison costs a hundredth of compressing it again. Only the exact same bytes hit, so nothing of one
 * answer can go out in another's place; what is kept is a copy, whatever the caller does with its buffer.
 */
export function rememberingCompressor(compress: CompressSync): CompressSync {
  const recent: { input: Buffer; output: Buffer }[] = [];
  return (input, options) => {
    const index = recent.findIndex(
      (entry) => entry.input.length === input.length && entry.input.equals(input),
    );
    if (index >= 0) {
      const [entry] = recent.splice(index, 1);
      recent.unshift(entry);
      return entry.output;
    }
    const output = compress(input, options);
    recent.unshift({ input: Buffer.from(input), output });
    if (recent.length > RECENT_COMPRESSED) recent.pop();
    return output;
  };
}

/**
 * Answers above the threshold whose type compresses well (JSON, text, scripts: mime-db's list) leave as
 * brotli or gzip when the client takes it; a list of thousands of tasks is mostly repeated keys. Binary
 * types (PDF, images, zip, octet-stream) go as they are, the web app's files come precompressed, and
 * request bodies are never decompressed.
 */
export async function compressAnswers(app: App) {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Replaces the plugin's own list, which would also compress application/octet-stream.
    customTypes: /^application\/json\b/,
    encodings: ['br', 'gzip'],
    // Quality 2 takes a third of quality 4's time and half of gzip's for a little less gain: the 1.8 MB
    // list of 3,000 task groups leaves as 58 kB (43 kB at quality 4), its latency budget barely touched.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } },
    globalDecompression: false,
    // Up to 256 kB (a 200-question form is 48 kB, a room of 500 documents 90 kB) compress in one
    // synchronous call, about 0.12 ms per 90 kB at quality 2; the plugin's default on two cores (8 kB)
    // sends them through a zlib stream and the thread pool, which costs more in stream setup than it
    // saves and adds latency under load (the room overview bench's admin view of 72 kB: 8.1 -> 1.5 CPU
    // ms per answer at 200 connections). Bigger answers still stream.
    syncThreshold: 256 * 1024,
    // The plugin takes its synchronous compressors from here (the streams stay zlib's own).
    zlib: {
      ...zlib,
      brotliCompressSync: rememberingCompressor(zlib.brotliCompressSync),
      gzipSync: rememberingCompressor(zlib.gzipSync),
      deflateSync: rememberingCompressor(zlib.deflateSync),
    },
  });
}
