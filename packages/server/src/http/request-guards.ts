import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { SESSION_COOKIE } from '../modules/auth/session-store.ts';
import { AppError } from './errors.ts';
import type { App } from './types.ts';

export const NUL_REFUSED = 'Text cannot contain the NUL character (\\u0000).';
export const SURROGATE_REFUSED =
  'Text must be valid Unicode: a lone surrogate (\\uD800 to \\uDFFF without its pair) cannot be saved.';
export const FOREIGN_ORIGIN = 'This request came from another site and was refused.';
export const COOKIE_WRITES_SEND_JSON = 'Requests signed in by cookie must send JSON.';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A lone surrogate: JSON's escapes can carry one, UTF-8 and PostgreSQL's JSON cannot hold it. */
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with one string or key for the database, if anything. */
const textProblem = (text: string) =>
  text.includes('\u0000') ? NUL_REFUSED : LONE_SURROGATE.test(text) ? SURROGATE_REFUSED : null;

/**
 * The message for the first string (value or key) of a parsed body, query or path that no database
 * column can hold as sent: a NUL anywhere, or a lone surrogate. Iterative, any depth.
 */
export function unstorableText(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return problem;
    } else if (Array.isArray(current)) {
      // One by one: spreading a body of half a million items would overflow the call stack.
      for (const item of current) stack.push(item);
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const problem = textProblem(key);
        if (problem) return problem;
        stack.push(item);
      }
    }
  }
  return null;
}

/** The origins this server answers on: PUBLIC_URL's, and the one the request was sent to (brand hosts). */
export function isSameOrigin(ctx: AppContext, request: FastifyRequest, origin: string) {
  if (origin === new URL(ctx.config.publicUrl).origin) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

function hasBody(request: FastifyRequest) {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * A write the browser sends with the session cookie on its own (no Authorization header, which another
 * site cannot add without CORS) must come from this site and carry JSON: a form or a fetch from another
 * origin never passes. Clients that send neither Origin nor Sec-Fetch-Site are not browsers, so no CSRF.
 */
function checkCookieWrite(ctx: AppContext, request: FastifyRequest) {
  if (!WRITE_METHODS.has(request.method) || request.headers.authorization) return;
  if (!request.cookies?.[SESSION_COOKIE]) return;
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  const foreign =
    origin !== undefined
      ? !isSameOrigin(ctx, request, origin)
      : site !== undefined && site !== 'same-origin' && site !== 'none';
  if (foreign) throw new AppError('CSRF_REJECTED', FOREIGN_ORIGIN);
  const type = request.headers['content-type']?.split(';')[0].trim().toLowerCase();
  if (hasBody(request) && type !== 'application/json') {
    throw new AppError('CSRF_REJECTED', COOKIE_WRITES_SEND_JSON);
  }
}

/** Checks every request passes before any route sees it. */
export function installRequestGuards(app: App, ctx: AppContext) {
  // Callback-style hooks: an async one costs every request a promise and a microtask turn.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      checkCookieWrite(ctx, request);
    } catch (error) {
      return done(error as AppError);
    }
    done();
  });
  // PostgreSQL text cannot hold U+0000, nor its JSON a lone surrogate (text would get U+FFFD in its
  // place): refused here, once, rather than failing or changing in the database.
  app.addHook('preValidation', (request, _reply, done) => {
    const problem =
      unstorableText(request.params) ?? unstorableText(request.query) ?? unstorableText(request.body);
    if (problem) return done(new AppError('VALIDATION_ERROR', problem));
    done();
  });
}
