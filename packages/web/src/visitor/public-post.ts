import { ApiError, type ApiErrorBody, NETWORK_ERROR_MESSAGE } from '../api/api-error.ts';

function errorBody(text: string): ApiErrorBody {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return {};
    const { code, message } = body as Record<string, unknown>;
    return {
      code: typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' ? message : undefined,
    };
  } catch {
    // Not JSON: the status alone says what happened.
    return {};
  }
}

/** A public route's JSON answer, with no cookie; throws ApiError (the server's code and message, or the network error). */
async function callPublic<T>(url: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'omit', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, errorBody(text));
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A visitor page's POST to a public route (signing, review, verify): JSON both ways, no cookie, so a
 * staff session on the same host never meets the cookie-write guard; the secret, when there is one, is
 * in the path.
 */
export const postPublic = <T>(url: string, body: unknown = {}, signal?: AbortSignal): Promise<T> =>
  callPublic<T>(
    url,
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    signal,
  );

/** A visitor page's read of a public route (the code in the path is the credential), with no cookie. */
export const getPublic = <T>(url: string, signal?: AbortSignal): Promise<T> =>
  callPublic<T>(url, { headers: { accept: 'application/json' } }, signal);
