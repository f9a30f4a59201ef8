import { isIP } from 'node:net';

/** Plain http is allowed only for an issuer on this machine (the test provider). */
export function isLoopbackHttp(issuer: URL) {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

/** Addresses of this machine or its private networks, by their literal form (no DNS is asked). */
function isInternalHost(hostname: string) {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return true;
  const family = isIP(host);
  if (family === 4) {
    const [a, b] = host.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (family === 6) {
    return (
      host === '::' ||
      host === '::1' ||
      /^f[cd]/.test(host) ||
      /^fe[89ab]/.test(host) ||
      host.startsWith('::ffff:')
    );
  }
  return false;
}

/**
 * An issuer address a partner may configure (the server fetches it): https to a public name, no
 * credentials or fragment. `allowLoopback` (OIDC_ALLOW_LOOPBACK, tests) also lets http on this machine in.
 */
export function isAllowedIssuerUrl(value: string, allowLoopback: boolean) {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password || url.hash) return false;
  if (allowLoopback && isLoopbackHttp(url)) return true;
  return url.protocol === 'https:' && !isInternalHost(url.hostname);
}
