import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { App } from './types.ts';

/** Smaller answers leave as they are: compressing them costs more time than it saves on the wire. */
export const COMPRESS_THRESHOLD_BYTES = 8192;

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
  });
}
