import { type AccessTokenResponse, type IdTokenResponse, SESSION_HINT_COOKIE } from '@charter/domain';
import { ApiError } from './api-error.ts';
import { rawRequest } from './http.ts';
import { isUsable, needsRenewal } from './jwt.ts';
import { reportTokenRefresh, SESSION_MESSAGES } from './session-events.ts';
import {
  getStoredAccessToken,
  getStoredIdToken,
  isStoredAccessTokenFresh,
  setStoredAccessToken,
  setStoredIdToken,
} from './token-storage.ts';

let idRenewal: Promise<string> | null = null;
const accessRenewals = new Map<string, Promise<string>>();

function bearer(token: string | null): Record<string, string> {
  return token && isUsable(token) ? { Authorization: `Bearer ${token}` } : {};
}

async function renewIdToken(current: string): Promise<string> {
  reportTokenRefresh(true);
  try {
    const { id_token } = await rawRequest<IdTokenResponse>('/api/authn/session/id_token', {
      method: 'POST',
      headers: bearer(current),
    });
    setStoredIdToken(id_token);
    return id_token;
  } catch (error) {
    // Offline but the old token still works: keep using it and retry on the next call.
    if (error instanceof ApiError && error.status === 0 && isUsable(current)) return current;
    throw error;
  } finally {
    reportTokenRefresh(false);
  }
}

/** The current id_token, renewed first when it expires within 600 s. */
export async function ensureIdToken(): Promise<string> {
  const current = getStoredIdToken();
  if (!current) throw new ApiError(401, { code: 'UNAUTHORIZED', message: SESSION_MESSAGES.MISSING_COOKIE });
  if (!needsRenewal(current)) return current;
  idRenewal ??= renewIdToken(current).finally(() => {
    idRenewal = null;
  });
  return idRenewal;
}

/** Whether the server said, beside the session cookie this script cannot read, that there is one. */
const hasSessionHint = () =>
  document.cookie.split(';').some((pair) => pair.trim() === `${SESSION_HINT_COOKIE}=1`);

/**
 * Asks for an id_token with the session cookie only (after a reload or an OIDC redirect); null when none.
 * Without the server's hint there is no session to ask for: nothing is sent, so a signed-out page (every
 * visitor's) logs no 401. A hint the server refuses (the session ended elsewhere) is dropped with it.
 */
export async function recoverIdTokenFromCookie(): Promise<string | null> {
  if (!hasSessionHint()) return null;
  try {
    const { id_token } = await rawRequest<IdTokenResponse>('/api/authn/session/id_token', {
      method: 'POST',
    });
    setStoredIdToken(id_token);
    return id_token;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser Charter supports.
      document.cookie = `${SESSION_HINT_COOKIE}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
      return null;
    }
    throw error;
  }
}

async function requestAccessToken(accountId: number | string): Promise<string> {
  const idToken = await ensureIdToken();
  const { access_token } = await rawRequest<AccessTokenResponse>('/api/authn/access_token', {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}` },
    body: { account_id: Number(accountId) },
  });
  setStoredAccessToken(accountId, access_token);
  return access_token;
}

/** An access token for the account, from storage while fresh, else requested (one request per account). */
export async function ensureAccessToken(accountId: number | string, force = false): Promise<string> {
  const stored = getStoredAccessToken(accountId);
  if (!force && stored && isStoredAccessTokenFresh(stored)) return stored.accessToken;
  const key = String(accountId);
  let pending = accessRenewals.get(key);
  if (!pending) {
    pending = requestAccessToken(accountId).finally(() => accessRenewals.delete(key));
    accessRenewals.set(key, pending);
  }
  return pending;
}
