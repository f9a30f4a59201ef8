import { ApiError, type ApiErrorBody } from './api-error.ts';
import { base64Utf8, rawRequest } from './http.ts';
import { isSessionErrorCode, reportSessionFailure } from './session-events.ts';

import { ensureAccessToken, ensureIdToken } from './token-renewal.ts';
import { getCurrentAccountId } from './token-storage.ts';

export { ApiError, errorMessage, isApiError, NETWORK_ERROR_MESSAGE } from './api-error.ts';

/**
 * 'id': Bearer id_token (/api/user/*, /api/v1/user/*); 'account': Bearer access_token of `accountId` or the
 * current account (/api/account/*); 'none': no header (the session cookie still goes along);
 * { basic: 'user:password' }: Basic authorization, encoded here.
 */
export type ApiAuth = 'id' | 'account' | 'none' | { basic: string };

export type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  auth?: ApiAuth;
  accountId?: number | string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** The auth a path needs by the API's conventions, when the caller does not say. */
export function defaultAuth(path: string): ApiAuth {
  if (path.startsWith('/api/account/')) return 'account';
  if (path.startsWith('/api/user/') || path.startsWith('/api/v1/user/')) return 'id';
  if (path.startsWith('/api/authn/access_token') || path.startsWith('/api/authn/session/remote')) return 'id';
  return 'none';
}

function isSessionFailureCode(code: string): boolean {
  return isSessionErrorCode(code) || code === 'INVALID_JWT_ISS';
}

async function authorization(auth: ApiAuth, accountId?: number | string): Promise<string | undefined> {
  if (auth === 'none') return undefined;
  if (auth === 'id') return `Bearer ${await ensureIdToken()}`;
  if (auth === 'account') {
    const id = accountId ?? getCurrentAccountId();
    if (id === null || id === undefined || Number(id) === 0) {
      throw new ApiError(400, { code: 'NO_ACCOUNT', message: 'Before continuing, please select a company' });
    }
    return `Bearer ${await ensureAccessToken(id)}`;
  }
  return `Basic ${base64Utf8(auth.basic)}`;
}

/**
 * A JSON call to the Charter API. Sends the right token (renewed 600 s before expiry), throws ApiError
 * with the server's code/message/fields, or 'There was a network error.' when the server is unreachable.
 * Session failures (E_SESSION_INVALID, INVALID_JWT, …) on authenticated calls also end the session.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const auth = options.auth ?? defaultAuth(path);
  const tokenAuth = auth === 'id' || auth === 'account';
  try {
    const header = await authorization(auth, options.accountId);
    return await rawRequest<T>(path, {
      method: options.method,
      body: options.body,
      signal: options.signal,
      headers: header ? { ...options.headers, Authorization: header } : options.headers,
    });
  } catch (error) {
    if (tokenAuth && error instanceof ApiError && isSessionFailureCode(error.code))
      reportSessionFailure(error);
    throw error;
  }
}

/** The filename a Content-Disposition header gives (RFC 6266: filename* first), if any. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall back to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** A file from the API with the name the server gives it, with the workspace's access token. */
export async function apiFile(
  path: string,
  accountId: number | string,
): Promise<{ blob: Blob; filename: string | null }> {
  const header = await authorization('account', accountId);
  let response: Response;
  try {
    response = await fetch(path, {
      headers: header ? { Authorization: header } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: 'There was a network error.' });
  }
  if (!response.ok) throw new ApiError(response.status, { message: 'Unable to preview file at this time.' });
  return {
    blob: await response.blob(),
    filename: dispositionFilename(response.headers.get('content-disposition')),
  };
}

/** A file from the API as a Blob (previews, downloads), with the workspace's access token. */
export async function apiBlob(path: string, accountId: number | string): Promise<Blob> {
  return (await apiFile(path, accountId)).blob;
}

/** A POST whose answer is a file (the cabinet's zip), with the workspace's access token. */
export async function apiPostBlob(path: string, body: unknown, accountId: number | string): Promise<Blob> {
  const header = await authorization('account', accountId);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(header ? { Authorization: header } : {}) },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: 'There was a network error.' });
  }
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as ApiErrorBody;
    throw new ApiError(response.status, error);
  }
  return response.blob();
}
