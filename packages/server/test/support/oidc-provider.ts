import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error oidc-provider ships no type declarations; the little used here is typed below.
import { Provider } from 'oidc-provider';

export type AccountClaims = {
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
};
type ProviderClass = new (
  issuer: string,
  configuration: Record<string, unknown>,
) => { callback(): (req: IncomingMessage, res: ServerResponse) => void };

/**
 * A real OpenID provider on a random loopback port, with the devInteractions login and consent forms,
 * knowing one client; the people it knows are added with `person`, by the login typed into its form.
 */
export async function startOidcProvider(client: { id: string; secret: string; redirectUris: string[] }) {
  const accounts = new Map<string, AccountClaims>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new (Provider as ProviderClass)(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: client.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: false,
    cookies: { keys: [`oidc-test-cookie-key-${randomUUID()}`] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, ...accounts.get(id) }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    /** A person the issuer knows; `login` is what they type at its form (and their subject). */
    person(claims: Partial<AccountClaims> = {}) {
      const login = randomUUID();
      const account = {
        email: `sso-${randomUUID().slice(0, 8)}@example.com`,
        email_verified: true,
        given_name: 'Grace',
        family_name: 'Hopper',
        ...claims,
      };
      accounts.set(login, account);
      return { login, ...account };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows the issuer's redirects with real HTTP, answering its login and consent forms (or, with `abort`,
 * cancelling them), until the browser would reach `callbackUri`; returns that URL (absolute).
 */
export async function signInAtOidcProvider(
  authorizationUrl: string,
  login: string,
  callbackUri: string,
  options: { abort?: boolean } = {},
) {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(callbackUri)) return url;
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value && !/expires=Thu, 01 Jan 1970/i.test(header)) cookies.set(name, value);
      else cookies.delete(name);
    }
    const location = res.headers.get('location');
    body = undefined;
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]* action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action) throw new Error(`unexpected provider page ${res.status}: ${html.slice(0, 500)}`);
    if (options.abort) {
      url = new URL(`${action}/abort`, url).href;
      continue;
    }
    url = new URL(action, url).href;
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('too many redirects at the provider');
}
