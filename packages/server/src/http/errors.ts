/** Stable error codes of the API (DESIGN §3); the web app switches on them. */
export const errorStatus = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_SUDO: 403,
  NOT_FOUND: 404,
  /** A link that was good once and no longer is (an expired signing link). */
  GONE: 410,
  VALIDATION_ERROR: 400,
  INVALID_CREDENTIALS: 401,
  EMAIL_ALREADY_EXISTS: 409,
  E_EMAIL_ALREADY_CLAIMED: 409,
  E_SESSION_INVALID: 401,
  INVALID_JWT: 401,
  INVALID_JWT_ISS: 401,
  TOKEN_EXPIRED_ERROR: 401,
  UNVERIFIED_CONTACT: 403,
  E_CODE_REDEEMED: 400,
  E_CODE_INVALID: 400,
  E_CODE_EXPIRED: 400,
  E_CODE_RETRY: 429,
  RATE_LIMITED: 429,
  CSRF_REJECTED: 403,
  CONFLICT: 409,
  PREVIEW_UNAVAILABLE: 422,
  /** A file past the limits it is opened within (unpacked size, parts, time, memory): nothing was read. */
  FILE_TOO_COMPLEX: 422,
  /** The workspace has as many members as its plan allows (accounts.user_limit): nothing was added. */
  USER_LIMIT_REACHED: 422,
  /** The database cannot be reached (or timed out) and nothing of the request was saved: retry later. */
  DATABASE_UNAVAILABLE: 503,
  /**
   * Too many files waiting to be read (adapters/untrusted/pool.ts): nothing was done, retry after the
   * Retry-After it carries. 503, not 429: the server is out of room, not the client over its quota.
   */
  SERVER_BUSY: 503,
  /** An OpenID issuer (a partner's sign-in service) could not be reached. */
  SSO_UNAVAILABLE: 502,
  /** The database connection was lost after a write was sent: it may have been saved. Reload, do not retry blindly. */
  OUTCOME_UNKNOWN: 500,
  /** The disk (or bucket) refused the bytes for lack of space: the file was not saved. */
  STORAGE_FULL: 507,
  /** The payment provider refused (a decline, wrong micro-deposit amounts): its message is the user's. */
  PAYMENT_FAILED: 402,
  /** The payment needs the customer's authentication first (3-D Secure): nothing was charged. */
  PAYMENT_ACTION_REQUIRED: 402,
  /** The task needs more document credits than the workspace has left. */
  CREDITS_REQUIRED: 402,
  /** The task's template needs a plan the workspace does not have (prerequisites.subscriptions). */
  SUBSCRIPTION_REQUIRED: 402,
  INTERNAL: 500,
  // What HTTP itself refuses, before any route reads the request (http/framework-errors.ts).
  /** The path exists, not with this method (the answer's `Allow` lists those it takes). */
  METHOD_NOT_ALLOWED: 405,
  /** The request did not arrive in time. */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  /** Not HTTP that can be read (a broken request line or header). */
  MALFORMED_REQUEST: 400,
  /** A method this server does not know at all. */
  NOT_IMPLEMENTED: 501,
  /** The server is stopping (a deploy or restart): retry, another instance or the next one answers. */
  SHUTTING_DOWN: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.fields = fields;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have access to this resource') =>
  new AppError('FORBIDDEN', message);

/** A 400 naming one or more fields, with the spec's message for each. */
export function invalid(fields: Record<string, string>): AppError {
  const first = Object.values(fields)[0] ?? 'Invalid input';
  return new AppError('VALIDATION_ERROR', first, fields);
}
