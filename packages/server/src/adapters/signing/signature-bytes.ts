import { createHash } from 'node:crypto';

/** [start, length, start, length]: the two stretches a PDF signature covers, around its /Contents. */
export type ByteRange = [number, number, number, number];

/** The digest of what a byte range covers, hashed in place rather than copied together. */
export function digestOfRanges(file: Uint8Array, [a, b, c, d]: ByteRange, hash = 'sha256'): Buffer {
  return createHash(hash)
    .update(file.subarray(a, a + b))
    .update(file.subarray(c, c + d))
    .digest();
}

/**
 * Writes the real /ByteRange over its placeholder in a freshly saved file, and returns it with where the
 * /Contents hex string is. The range covers everything but that string (its angle brackets included),
 * so the numbers are known before the signature is made. Both placeholders are the last of their kind:
 * the signature dictionary is the newest object, and the writer puts objects in number order.
 */
export function fillByteRange(
  file: Buffer,
  placeholders: { byteRange: string; contents: string },
): { byteRange: ByteRange; contentsAt: number } {
  const rangeAt = file.lastIndexOf(placeholders.byteRange, undefined, 'latin1');
  const contentsAt = file.lastIndexOf(placeholders.contents, undefined, 'latin1');
  if (rangeAt < 0 || contentsAt < 0)
    throw new Error('The signature placeholders are missing from the saved PDF');
  const contentsEnd = contentsAt + placeholders.contents.length;
  const byteRange: ByteRange = [0, contentsAt, contentsEnd, file.length - contentsEnd];
  const written = `[ ${byteRange.join(' ')} ]`.padEnd(placeholders.byteRange.length, ' ');
  if (written.length !== placeholders.byteRange.length) throw new Error('The PDF is too large to sign');
  file.write(written, rangeAt, 'latin1');
  return { byteRange, contentsAt };
}

export type FoundSignature = {
  byteRange: ByteRange;
  /** The DER inside /Contents (trailing zero padding left on: a DER reader stops at its own length). */
  contents: Buffer;
  /** The signature dictionary's object as text, for /M and the DocMDP reference. */
  dictionary: string;
};

const BYTE_RANGE = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/;

/**
 * The last signature in a file, found by scanning bytes rather than parsing the PDF: signature
 * dictionaries are always written uncompressed (their /ByteRange is patched after saving), and a byte
 * scan still reads a file whose structure has been tampered with. Null when there is none, or when its
 * /ByteRange does not frame a hex /Contents string.
 */
export function lastSignature(pdf: Uint8Array): FoundSignature | null {
  const file = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const at = file.lastIndexOf('/ByteRange', undefined, 'latin1');
  if (at < 0) return null;
  const match = BYTE_RANGE.exec(file.subarray(at, at + 120).toString('latin1'));
  if (!match) return null;
  const byteRange = match.slice(1, 5).map(Number) as ByteRange;
  const [a, b, c] = byteRange;
  const gap = file.subarray(a + b, c);
  const hex = gap.subarray(1, -1).toString('latin1');
  if (c > file.length || gap[0] !== 0x3c || gap.at(-1) !== 0x3e || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const start = file.lastIndexOf(' obj', at, 'latin1');
  const end = file.indexOf('endobj', at, 'latin1');
  const dictionary = file.subarray(Math.max(start, 0), end < 0 ? at + 4096 : end).toString('latin1');
  return { byteRange, contents: Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'), dictionary };
}

/** True when the range starts at the first byte and ends at the last, around one gap. */
export const coversWholeFile = ([a, b, c, d]: ByteRange, length: number) =>
  a === 0 && b > 0 && c > b && c + d === length;
