import { createServer as createHttpServer, type Server } from 'node:http';
import { type AddressInfo, connect, createServer, isIP, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedIssuerUrl, isPublicServerUrl } from './issuer-url.ts';
import { checkIssuer } from './oidc-client.ts';
import { type Lookup, publicOnlyLookup } from './public-address.ts';

describe('isAllowedIssuerUrl', () => {
  it('takes https issuers on public names', () => {
    expect(isAllowedIssuerUrl('https://login.acme-crm.com', false)).toBe(true);
    expect(isAllowedIssuerUrl('https://8.8.8.8/realms/acme', false)).toBe(true);
  });

  it('refuses what would make the server reach this machine or its private networks', () => {
    for (const url of [
      'http://login.acme-crm.com',
      'http://127.0.0.1:8080',
      'https://127.0.0.1',
      'https://localhost',
      'https://metadata.internal',
      'https://169.254.169.254/latest',
      'https://10.0.0.5',
      'https://172.20.1.1',
      'https://192.168.1.1',
      'https://[::1]',
      'https://[fd00::1]',
      'https://[::ffff:127.0.0.1]',
      'https://user:pass@login.acme-crm.com',
      'https://login.acme-crm.com/#x',
      'not a url',
    ]) {
      expect(isAllowedIssuerUrl(url, false), url).toBe(false);
    }
  });

  it('lets http on loopback in only when the operator allows it (tests)', () => {
    expect(isAllowedIssuerUrl('http://127.0.0.1:4444', true)).toBe(true);
    expect(isAllowedIssuerUrl('http://10.0.0.5', true)).toBe(false);
  });
});

/** A resolver that answers each name from a table (no DNS server); an unknown name fails like DNS does. */
const resolver =
  (table: Record<string, string[]>): Lookup =>
  async (hostname) => {
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: isIP(address) }));
  };

describe('isPublicServerUrl: the name is resolved, and every address must be public', () => {
  it('refuses a public-looking name that points at this machine or a private network', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.0.2',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      const lookup = resolver({ 'login.acme-crm.com': [address] });
      expect(await isPublicServerUrl('https://login.acme-crm.com', false, lookup), address).toBe(false);
    }
  });

  it('refuses a name with one private answer among public ones, and a name that does not resolve', async () => {
    const mixed = resolver({ 'login.acme-crm.com': ['93.184.216.34', '10.0.0.1'] });
    expect(await isPublicServerUrl('https://login.acme-crm.com', false, mixed)).toBe(false);
    expect(await isPublicServerUrl('https://nowhere.acme-crm.com', false, mixed)).toBe(false);
  });

  it('takes a name whose every address is public', async () => {
    const lookup = resolver({
      'login.acme-crm.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    });
    expect(await isPublicServerUrl('https://login.acme-crm.com/realms/a', false, lookup)).toBe(true);
  });

  it('lets a name of this machine in only with the loopback allowance, and never a private one', async () => {
    const lookup = resolver({ 'idp.test': ['127.0.0.1'], 'lan.test': ['10.0.0.2'] });
    expect(await isPublicServerUrl('http://localhost:4444', true, resolver({ localhost: ['::1'] }))).toBe(
      true,
    );
    expect(await isPublicServerUrl('https://idp.test', true, lookup)).toBe(true);
    expect(await isPublicServerUrl('https://lan.test', true, lookup)).toBe(false);
  });
});

describe('publicOnlyLookup: the connection goes to the address that was checked', () => {
  it('refuses to connect when a name re-resolves to this machine after passing the check (DNS rebinding)', async () => {
    const connections: Socket[] = [];
    const server = createServer((socket) => connections.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let answers = 0;
    // First answer public (what the check saw), then this machine (what the attacker swaps in).
    const rebinding: Lookup = async () => [
      { address: answers++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 },
    ];
    try {
      expect(await isPublicServerUrl('https://rebind.example', false, rebinding)).toBe(true);
      const failure = await new Promise<Error | null>((resolve) => {
        const socket = connect({ host: 'rebind.example', port, lookup: publicOnlyLookup(false, rebinding) });
        socket.once('connect', () => {
          socket.destroy();
          resolve(null);
        });
        socket.once('error', resolve);
      });
      expect(failure?.message).toBe('rebind.example is not a public address');
      expect(connections).toHaveLength(0);
      // The same lookup connects when the allowance for this machine is on (so the test can fail).
      const allowed = connect({ host: 'rebind.example', port, lookup: publicOnlyLookup(true, rebinding) });
      await new Promise((resolve, reject) => allowed.once('connect', resolve).once('error', reject));
      allowed.destroy();
    } finally {
      for (const socket of connections) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('checkIssuer on a guarded issuer: the discovery document is checked like the issuer', () => {
  let server: Server;
  let issuer: string;
  let endpoints: Record<string, string> = {};

  beforeAll(async () => {
    server = createHttpServer((request, response) => {
      if (request.url !== '/.well-known/openid-configuration') return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ issuer, response_types_supported: ['code'], ...endpoints }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const own = () => ({
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/me`,
    jwks_uri: `${issuer}/jwks`,
  });
  const lookup = resolver({
    'idp.acme-crm.com': ['10.20.30.40'],
    'metadata.acme-crm.com': ['::ffff:169.254.169.254'],
  });
  const check = () =>
    checkIssuer({ issuer, clientId: 'c', clientSecret: 's', guard: { allowLoopback: true, lookup } });

  it('takes a document whose endpoints are all reachable', async () => {
    endpoints = own();
    expect(await check()).toBe('ok');
  });

  it('refuses a document with any endpoint at a private address, by name or literally', async () => {
    for (const [name, value] of [
      ['authorization_endpoint', 'https://idp.acme-crm.com/auth'],
      ['token_endpoint', 'https://idp.acme-crm.com/token'],
      ['userinfo_endpoint', 'http://10.0.0.5/userinfo'],
      ['jwks_uri', 'https://metadata.acme-crm.com/jwks'],
      ['token_endpoint', 'https://[::ffff:127.0.0.1]/token'],
      ['jwks_uri', 'http://login.acme-crm.com/jwks'],
    ]) {
      endpoints = { ...own(), [name]: value };
      expect(await check(), `${name}: ${value}`).toBe('endpoint_not_public');
    }
  });

  it('refuses an issuer name that resolves privately before fetching anything', async () => {
    const refused = await checkIssuer({
      issuer: 'https://idp.acme-crm.com',
      clientId: 'c',
      clientSecret: 's',
      guard: { allowLoopback: false, lookup },
    });
    expect(refused).toBe('issuer_not_public');
  });
});
