import * as client from 'openid-client';
import { isLoopbackHttp } from './issuer-url.ts';
import { OidcFailure } from './oidc-failure.ts';
import type { OidcProfile } from './sign-in-with-oidc.ts';

/** One issuer and our client at it: Google's from the environment, or a partner's own (partner SSO). */
export type OidcSettings = { issuer: string; clientId: string; clientSecret: string };

/** What the browser carries between the redirect to the issuer and the callback. */
export type OidcPending = {
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
  /** Linking the issuer's identity to a signed-in user (their session) rather than signing in. */
  link?: { userId: number; sessionId: string };
};

const configurations = new Map<string, Promise<client.Configuration>>();

function discover(settings: OidcSettings, timeout?: number) {
  const issuer = new URL(settings.issuer);
  const execute = isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [];
  return client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
    execute,
    ...(timeout ? { timeout } : {}),
  });
}

/**
 * The issuer's metadata, discovered once per process and per (issuer, client, secret), so several
 * issuers live side by side; a failed discovery is retried next time.
 */
export function oidcConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  let configuration = configurations.get(key);
  if (!configuration) {
    configuration = discover(settings);
    configurations.set(key, configuration);
    configuration.catch(() => configurations.delete(key));
  }
  return configuration;
}

/** Fetches the issuer's discovery document now (not cached), to check settings before they are saved. */
export async function checkIssuer(settings: OidcSettings): Promise<boolean> {
  return discover(settings, 10).then(
    () => true,
    () => false,
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
