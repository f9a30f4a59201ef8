import { inflateSync } from 'node:zlib';
import { FileRefused } from './refusal.ts';

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Inflates a PNG's image data no further than its header's width and height allow (rows of pixels, each
 * with its filter byte; an interlaced image has a few more per row). pdf-lib's decoder inflates into a
 * buffer of that size but keeps reading all the compressed data, however much it expands: a small PNG
 * can hold gigabytes of it. Past the size, FileRefused; a PNG that is not well formed throws an Error.
 */
export function checkPngData(bytes: Uint8Array): void {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.readUInt32BE(16);
  const height = view.readUInt32BE(20);
  const bitDepth = view[24];
  const channels = CHANNELS[view[25]];
  if (!channels) throw new Error('Unknown PNG colour type');
  const rowBytes = Math.ceil((width * channels * bitDepth) / 8);
  const expected = (rowBytes + 8) * height;
  const data: Buffer[] = [];
  // Chunks after the 8-byte signature: length, type, data, CRC.
  for (let at = 8; at + 8 <= view.length; ) {
    const length = view.readUInt32BE(at);
    const type = view.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > view.length) throw new Error('A PNG chunk runs past the end of the file');
    if (type === 'IDAT') data.push(view.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  try {
    inflateSync(Buffer.concat(data), { maxOutputLength: expected });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new FileRefused('size', `its image data inflates past ${expected} bytes`);
    }
    throw error;
  }
}
