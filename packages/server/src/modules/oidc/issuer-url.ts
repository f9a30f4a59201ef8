import { isIP } from 'node:net';
import { bareHost, isPublicAddress, type Lookup, resolvePublicHost } from './public-address.ts';

/** Plain http is allowed only for an issuer on this machine (the test provider). */
export function isLoopbackHttp(issuer: URL) {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

/** Names of this machine or its networks, and literal addresses that are not public (no DNS is asked). */
function isInternalHost(hostname: string) {
  const host = bareHost(hostname).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return true;
  return isIP(host) !== 0 && !isPublicAddress(host, false);
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

/**
 * The same, and the name resolved now: every address it answers must be public, so a public-looking name
 * pointing at this machine or a private network is refused. Checks an issuer and each endpoint its
 * discovery document names.
 */
export async function isPublicServerUrl(value: string, allowLoopback: boolean, lookup: Lookup) {
  if (!isAllowedIssuerUrl(value, allowLoopback)) return false;
  return resolvePublicHost(new URL(value).hostname, allowLoopback, lookup).then(
    () => true,
    () => false,
  );
}
