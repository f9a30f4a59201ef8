import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** A code of `length` characters drawn uniformly (CSPRNG) from `alphabet`. */
export function randomCode(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export function hashEquals(hashHex: string, value: string): boolean {
  const a = Buffer.from(hashHex, 'hex');
  const b = Buffer.from(sha256(value), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
