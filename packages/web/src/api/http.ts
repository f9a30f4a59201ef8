import { ApiError, type ApiErrorBody, NETWORK_ERROR_MESSAGE } from './api-error.ts';

export type RawRequest = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

function readBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toErrorBody(body: unknown): ApiErrorBody {
  if (typeof body !== 'object' || body === null) return {};
  const { code, message, fields } = body as Record<string, unknown>;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
    fields: typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : undefined,
  };
}

/** One JSON request with no token logic: throws ApiError for HTTP errors and network failures. */
export async function rawRequest<T>(path: string, options: RawRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  const body = readBody(await response.text());
  if (!response.ok) throw new ApiError(response.status, toErrorBody(body));
  return body as T;
}

/** base64 of a UTF-8 string, for Basic authorization headers. */
export function base64Utf8(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${base64Utf8(`${user}:${password}`)}`;
}
