import { TOKEN_EARLY_EXPIRY_SECONDS } from '@charter/domain';

/** Seconds before `exp` at which a token is treated as expired (spec §4). */
export { TOKEN_EARLY_EXPIRY_SECONDS };

export type JwtClaims = {
  sub?: string;
  sid?: string;
  exp?: number;
  iat?: number;
  iss?: string;
  email?: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  account_id?: number | string;
  impersonator_id?: number | string | null;
  is_staff?: boolean;
  email_verified?: boolean;
  password_allowed?: boolean;
  role_id?: number;
};

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's payload without verifying it (the server verifies); null when malformed. */
export function decodeJwt(token: string): JwtClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return typeof claims === 'object' && claims !== null ? (claims as JwtClaims) : null;
  } catch {
    return null;
  }
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Whether a token with this `exp` must be renewed now: it is expired, or expires within the early window. */
export function isExpiring(exp: number | undefined, now = nowSeconds(), early = TOKEN_EARLY_EXPIRY_SECONDS) {
  if (exp === undefined) return true;
  return exp - early <= now;
}

/** Whether the token can still be presented to the server at all (not past `exp`). */
export function isUsable(token: string | null | undefined, now = nowSeconds()): token is string {
  if (!token) return false;
  const exp = decodeJwt(token)?.exp;
  return exp !== undefined && exp > now;
}

export function needsRenewal(token: string | null | undefined, now = nowSeconds()): boolean {
  if (!token) return true;
  return isExpiring(decodeJwt(token)?.exp, now);
}
