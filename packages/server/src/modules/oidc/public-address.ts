import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Every address a name resolves to (injectable, so tests need no DNS server). */
export type Lookup = (hostname: string) => Promise<LookupAddress[]>;

export const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Where the server may connect for a partner: global unicast only. ipaddr.js names every special range
 * (loopback, private, link-local, unique-local, CGNAT, multicast, unspecified, reserved, NAT64, 6to4 …), and
 * `process` turns an IPv4-mapped IPv6 address into the IPv4 one it maps, so `::ffff:127.0.0.1` is loopback.
 * `allowLoopback` (OIDC_ALLOW_LOOPBACK, tests) lets this machine's own addresses in, nothing else.
 */
export function isPublicAddress(address: string, allowLoopback: boolean) {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** A URL's host without the brackets of an IPv6 literal. */
export const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * The host's addresses, all of them public, or an error. A name with one private answer among public ones
 * is refused too: the connection could be made to any of them.
 */
export async function resolvePublicHost(hostname: string, allowLoopback: boolean, lookup: Lookup) {
  const host = bareHost(hostname);
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
    : await lookup(host);
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address, allowLoopback)))
    throw new NotPublicAddress(host);
  return addresses;
}

export class NotPublicAddress extends Error {
  constructor(host: string) {
    super(`${host} is not a public address`);
    this.name = 'NotPublicAddress';
  }
}

/**
 * A `lookup` for net/tls.connect that answers only public addresses: the socket is opened to the very
 * addresses checked, so a name that re-resolves to a private address after the check (DNS rebinding)
 * is refused at connect time instead of reached.
 */
export function publicOnlyLookup(allowLoopback: boolean, lookup: Lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicHost(hostname, allowLoopback, lookup).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
