import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { App } from './types.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An id a proxy or client sent is kept only when it is short and plain (it is logged and echoed back). */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's genReqId: the incoming X-Request-Id when it is a safe token (a load balancer's id ties its
 * logs to ours), otherwise a random UUID (Fastify's default, req-1, req-2…, repeats across processes).
 */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

type Scope = { log: FastifyBaseLogger; answering: boolean };
const scopes = new AsyncLocalStorage<Scope>();
const scopeOf = new WeakMap<FastifyRequest, Scope>();

/**
 * ctx.log as operations use it: within a request (until its answer is sent) it is that request's own
 * logger, whose lines carry its reqId; elsewhere (jobs, schedules, start-up) the app's.
 */
export function requestScopedLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(base, {
    get(target, key) {
      const scope = scopes.getStore();
      const logger = scope?.answering ? scope.log : target;
      const value = Reflect.get(logger, key, logger);
      return typeof value === 'function' ? value.bind(logger) : value;
    },
  });
}

/**
 * Every answer carries its request id (X-Request-Id), and the request's work runs in its log scope.
 * The scope is entered twice: the body is read on the socket's events, outside the first one, so it
 * is entered again before validation, from where the handler runs. Callback-style hooks: an async one
 * on every request costs for nothing. Work that outlives the answer (a job the request queued) falls
 * back to the app's logger: its lines are not the request's.
 */
export function installRequestIds(app: App) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const scope: Scope = { log: request.log, answering: true };
    scopeOf.set(request, scope);
    scopes.run(scope, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopeOf.get(request);
    if (scope) scopes.run(scope, done);
    else done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const scope = scopeOf.get(request);
    if (scope) scope.answering = false;
    done();
  });
}
