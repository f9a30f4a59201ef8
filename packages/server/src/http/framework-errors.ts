import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { AppError, type ErrorCode } from './errors.ts';

/**
 * What Fastify and Node refuse on their own (a body too large, a Content-Type no parser reads, headers
 * too large for Node's parser, a method the path does not take), answered with the same `{code, message}`
 * body and a stable code as every other error of the API.
 */

type Failure = { status: number; code: ErrorCode; message: string };

/** Fastify's own errors, by its code: our words for them. */
const FASTIFY_ERRORS: Record<string, Omit<Failure, 'status'>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body is of a type this call does not read: send JSON (application/json).',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'VALIDATION_ERROR', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'VALIDATION_ERROR',
    message: 'The request body is empty, but its Content-Type says JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'VALIDATION_ERROR',
    message: 'The request body is not as long as its Content-Length says.',
  },
  FST_ERR_BAD_URL: { code: 'VALIDATION_ERROR', message: 'The address has a part that cannot be decoded.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URI_TOO_LONG', message: 'The address is too long.' },
};

/** Codes for the statuses Fastify and its plugins raise without one of the codes above. */
const BY_STATUS: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** A client error Fastify or a plugin raised (not an AppError), as the API answers it; null if not one. */
export function clientFailure(error: FastifyError): Failure | null {
  const status = error.statusCode;
  if (!status || status < 400 || status >= 500) return null;
  const known = FASTIFY_ERRORS[error.code];
  if (known) return { status, ...known };
  return { status, code: BY_STATUS[status] ?? 'VALIDATION_ERROR', message: error.message };
}

/**
 * Errors Fastify meets while routing, before a route or the error handler is reached (an undecodable
 * path, a parameter longer than maxParamLength).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const failure = clientFailure(error);
  if (!failure) {
    request.log.error({ err: error }, 'routing failed');
    return reply.status(500).send({ code: 'INTERNAL', message: 'An error has occurred' });
  }
  return reply.status(failure.status).send({ code: failure.code, message: failure.message });
}

/** Node's parser's complaints: there is no request to answer, so the answer is written on the socket. */
function parserFailure(error: { code?: string }): Failure {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time.' };
    case 'HPE_INVALID_METHOD':
      return { status: 501, code: 'NOT_IMPLEMENTED', message: 'This server does not know the method.' };
    default:
      return { status: 400, code: 'MALFORMED_REQUEST', message: 'The request is not well-formed HTTP.' };
  }
}

/** Fastify's clientErrorHandler (Node's 'clientError'): as Fastify's own, with the API's error body. */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // The client went away: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = parserFailure(error);
  this.log.debug({ err: error }, 'unreadable request');
  const body = JSON.stringify({ code, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods the request's path takes, when it is not the one sent: a 405 rather than Fastify's 404
 * (RFC 9110 §15.5.6), so a client learns it used the wrong verb. Catch-all routes (the web app's pages,
 * wildcards) are not a resource: a path only they match answers 404 as before.
 */
export function allowedMethods(app: FastifyInstance, request: FastifyRequest): string[] {
  const url = request.url.split('?')[0];
  return METHODS.filter((method) => {
    if (method === request.method) return false;
    const found = app.findRoute({ method, url });
    return found !== null && !('*' in (found.params ?? {}));
  });
}

/** Requests that reach a closing server (on a connection left open) are told to come back. */
export const shuttingDown = () =>
  Object.assign(new AppError('SHUTTING_DOWN', 'The server is restarting. Try again in a moment.'), {
    retryAfter: 5,
  });
