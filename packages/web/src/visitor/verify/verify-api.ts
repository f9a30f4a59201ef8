import type { VerifyResult } from '@charter/domain';
import { postPublic } from '../public-post.ts';

/** The largest file the check accepts (the server reads at most this much). */
export const VERIFY_MAX_BYTES = 25 * 1024 * 1024;
export const VERIFY_TOO_LARGE = 'This file is too large to check (25 MB at most).';
export const VERIFY_NOT_PDF = 'Choose a PDF file.';

/** The file's bytes as base64, in chunks (a spread of a large array would overflow the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * POST /api/public/verify: what this installation says of a PDF. The file is sent as JSON (no cookie
 * goes with it), so a staff user's session on the same host never meets the cookie-write guard.
 */
export async function verifyPdf(file: File): Promise<VerifyResult> {
  const pdf = toBase64(new Uint8Array(await file.arrayBuffer()));
  return postPublic<VerifyResult>('/api/public/verify', { pdf });
}
