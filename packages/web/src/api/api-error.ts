export const NETWORK_ERROR_MESSAGE = 'There was a network error.';

export type ApiErrorBody = {
  code?: string;
  message?: string;
  fields?: Record<string, string>;
};

/** An HTTP failure with the server's error envelope, or a network failure (status 0, code NETWORK_ERROR). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, body: ApiErrorBody = {}) {
    super(body.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? (status === 0 ? 'NETWORK_ERROR' : 'UNKNOWN');
    this.fields = body.fields ?? {};
  }

  /** True when the server sent a message of its own (not our generic status text). */
  get hasServerMessage(): boolean {
    return !this.message.startsWith('Request failed with status');
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** The server's message when it sent one, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.hasServerMessage || error.status === 0)) return error.message;
  return fallback;
}
