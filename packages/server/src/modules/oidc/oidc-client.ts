import * as client from 'openid-client';
import { Agent, fetch as undiciFetch } from 'undici';
import { isAllowedIssuerUrl, isLoopbackHttp, isPublicServerUrl } from './issuer-url.ts';
import { OidcFailure } from './oidc-failure.ts';
import { type Lookup, publicOnlyLookup, systemLookup } from './public-address.ts';
import type { OidcProfile } from './sign-in-with-oidc.ts';

/**
 * How an issuer chosen by a partner (not by whoever runs the server) is reached: only at public addresses,
 * its discovery document's endpoints included. `allowLoopback` (OIDC_ALLOW_LOOPBACK, tests) adds this
 * machine; `lookup` is the resolver (tests inject one).
 */
export type IssuerGuard = { allowLoopback: boolean; lookup?: Lookup };

/** One issuer and our client at it: Google's from the environment, or a partner's own (partner SSO). */
export type OidcSettings = { issuer: string; clientId: string; clientSecret: string; guard?: IssuerGuard };

/** What the browser carries between the redirect to the issuer and the callback. */
export type OidcPending = {
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
  /** Linking the issuer's identity to a signed-in user (their session) rather than signing in. */
  link?: { userId: number; sessionId: string };
};

/** Why a guarded issuer was refused before anything was fetched from it, or after its discovery document. */
export class UnsafeIssuer extends Error {
  constructor(readonly part: 'issuer' | 'endpoint') {
    super(part === 'issuer' ? 'issuer is not at a public address' : 'an endpoint is not at a public address');
    this.name = 'UnsafeIssuer';
  }
}

/** The endpoints the server fetches (token, userinfo, keys) or sends the browser to (authorization). */
type UndiciInit = Parameters<typeof undiciFetch>[1];

const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri'] as const;

/**
 * fetch for a guarded issuer: a URL with a literal private address is refused before any request, and a
 * name is resolved by the connection's own lookup, which answers only public addresses, so the socket
 * goes to the address checked (a rebinding name cannot swap in a private one between check and use).
 */
function publicOnlyFetch(guard: IssuerGuard): client.CustomFetch {
  const lookup = publicOnlyLookup(guard.allowLoopback, guard.lookup ?? systemLookup);
  const dispatcher = new Agent({ connect: { lookup } });
  return async (url, options) => {
    if (!isAllowedIssuerUrl(url, guard.allowLoopback)) throw new UnsafeIssuer('endpoint');
    // undici's Response is the one global fetch answers with; openid-client checks it by its tag.
    return (await undiciFetch(url, { ...options, dispatcher } as UndiciInit)) as unknown as Response;
  };
}

async function assertPublicEndpoints(metadata: client.ServerMetadata, guard: IssuerGuard) {
  const lookup = guard.lookup ?? systemLookup;
  for (const name of ENDPOINTS) {
    const value = metadata[name];
    if (value !== undefined && !(await isPublicServerUrl(value, guard.allowLoopback, lookup)))
      throw new UnsafeIssuer('endpoint');
  }
}

async function discover(settings: OidcSettings, timeout?: number) {
  const issuer = new URL(settings.issuer);
  const execute = isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [];
  const { guard } = settings;
  if (guard && !(await isPublicServerUrl(settings.issuer, guard.allowLoopback, guard.lookup ?? systemLookup)))
    throw new UnsafeIssuer('issuer');
  const configuration = await client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
    execute,
    ...(timeout ? { timeout } : {}),
    ...(guard ? { [client.customFetch]: publicOnlyFetch(guard) } : {}),
  });
  if (guard) await assertPublicEndpoints(configuration.serverMetadata(), guard);
  return configuration;
}

const configurations = new Map<string, Promise<client.Configuration>>();

/**
 * The issuer's metadata, discovered once per process and per (issuer, client, secret, guard), so several
 * issuers live side by side; a failed discovery is retried next time.
 */
export function oidcConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret, settings.guard]);
  let configuration = configurations.get(key);
  if (!configuration) {
    configuration = discover(settings);
    configurations.set(key, configuration);
    configuration.catch(() => configurations.delete(key));
  }
  return configuration;
}

export type IssuerCheck = 'ok' | 'issuer_not_public' | 'endpoint_not_public' | 'unreachable';

/** Fetches the issuer's discovery document now (not cached), to check settings before they are saved. */
export async function checkIssuer(settings: OidcSettings): Promise<IssuerCheck> {
  return discover(settings, 10).then(
    (): IssuerCheck => 'ok',
    (error: unknown): IssuerCheck => {
      if (!(error instanceof UnsafeIssuer)) return 'unreachable';
      return error.part === 'issuer' ? 'issuer_not_public' : 'endpoint_not_public';
    },
  );
}

/** The authorization URL (code flow, PKCE S256, state, nonce) and the secrets to check the answer with. */
export async function startOidcSignIn(
  configuration: client.Configuration,
  redirectUri: string,
  redirect: string,
) {
  const pending: OidcPending = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    redirect,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url: url.href, pending };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Redeems the code (checking state, nonce and PKCE) and reads who the issuer says signed in. */
export async function finishOidcSignIn(
  configuration: client.Configuration,
  callbackUrl: URL,
  pending: OidcPending,
): Promise<OidcProfile> {
  if (callbackUrl.searchParams.get('state') !== pending.state) throw new OidcFailure('state');
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      pkceCodeVerifier: pending.verifier,
    });
    claims = tokens.claims();
  } catch (error) {
    const denied = error instanceof client.AuthorizationResponseError && error.error === 'access_denied';
    throw new OidcFailure(denied ? 'denied' : 'provider', { cause: error });
  }
  if (!claims?.sub) throw new OidcFailure('provider');
  const email = text(claims.email);
  if (!email) throw new OidcFailure('email_missing');
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email,
    // Some issuers send the JSON boolean as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: text(claims.given_name),
    familyName: text(claims.family_name),
  };
}
