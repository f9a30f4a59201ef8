/**
 * Which database failures mean "PostgreSQL is unreachable, down or not answering in time" (as opposed to
 * a bug or bad data), and what such a failure says about the write it interrupted. One place, so the
 * error handler, the job worker and start-up agree.
 */

/** Socket errors of a server that is down, unreachable or whose connection was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // A database host whose name does not resolve yet (a container still starting).
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or refusing work for now: admin/crash shutdown (57P01, 57P02),
 * starting up (57P03), too many connections (53300), a statement cancelled by statement_timeout (57014).
 * Class 08 (connection exception) is matched by its prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** What node-postgres says when a connection ends or cannot be made in time (it sets no code). */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'is not queryable',
  // node-postgres's query_timeout: the server did not answer in time (postgres.ts).
  'Query read timeout',
];

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The error and everything it wraps (drizzle's DrizzleQueryError.cause, AggregateError.errors). */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (!error || typeof error !== 'object' || depth > 8) return;
  const link = error as ErrorLike;
  yield link;
  yield* chain(link.cause, depth + 1);
  if (Array.isArray(link.errors)) for (const inner of link.errors) yield* chain(inner, depth + 1);
}

function isUnavailableLink(link: ErrorLike): boolean {
  const code = typeof link.code === 'string' ? link.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof link.message === 'string' ? link.message : '';
  return CONNECTION_MESSAGES.some((text) => message.includes(text));
}

/**
 * The innermost cause, for log lines: `ECONNREFUSED`, `57P01 terminating connection…`. Errors from the
 * pool carry the client (and its connection settings) and drizzle's carry the query's parameters:
 * neither belongs in a log.
 */
export function describeFailure(error: unknown): string {
  let description = String(error);
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    const message = typeof link.message === 'string' ? link.message.split('\n')[0] : '';
    if (code || message) description = message.includes(code) ? message : `${code} ${message}`.trim();
  }
  return description;
}

/** True when the failure is the database being unreachable, down or too slow, not the query itself. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chain(error)) if (isUnavailableLink(link)) return true;
  return false;
}

/**
 * What an unavailability failure says about the work it interrupted: `not-committed` when nothing can
 * have been saved (the connection was never made, the statement only read, or the transaction was
 * aborted or is known not to have committed), `unknown` when a write was sent and its answer was lost.
 */
export type Outcome = 'not-committed' | 'unknown';

const outcomes = new WeakMap<object, Outcome>();

export function markOutcome<E>(error: E, outcome: Outcome): E {
  if (error && typeof error === 'object') outcomes.set(error, outcome);
  return error;
}

/**
 * The outcome recorded where the failure happened (the pool or a transaction); null for an error that
 * did not come through the database layer (an S3 or SMTP server refusing connections is not this).
 */
export function outcomeOf(error: unknown): Outcome | null {
  for (const link of chain(error)) {
    const outcome = outcomes.get(link);
    if (outcome) return outcome;
  }
  return null;
}
