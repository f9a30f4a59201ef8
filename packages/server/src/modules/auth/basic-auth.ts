/** The decoded value of a Basic Authorization header, or null without one. */
function decodeBasicAuth(header: string | undefined): string | null {
  if (!header?.startsWith('Basic ')) return null;
  return Buffer.from(header.slice(6), 'base64').toString('utf8');
}

/** `email:password` from a Basic Authorization header; null without one or without a colon. */
export function parseBasicAuth(header: string | undefined): { email: string; password: string } | null {
  const decoded = decodeBasicAuth(header);
  if (decoded === null) return null;
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { email: decoded.slice(0, colon).trim(), password: decoded.slice(colon + 1) };
}

/** The password of a Basic Authorization header: after the first colon, else all of it; '' without one. */
export function basicAuthPassword(header: string | undefined): string {
  const decoded = decodeBasicAuth(header) ?? '';
  return decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : decoded;
}
