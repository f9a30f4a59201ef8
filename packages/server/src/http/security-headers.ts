import type { ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from './types.ts';

type Headers = Record<string, string>;

/**
 * The headers helmet sets for these options, worked out once. Our options hold no nonce or per-request
 * value, so every response gets the same set; helmet itself (and @fastify/helmet) would rebuild its
 * middleware and re-parse the policy on every request, about a third of a small answer's time.
 */
export function securityHeadersOf(options: HelmetOptions): Headers {
  const headers: Headers = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as never, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/** Every answer, errors and unknown routes included, carries helmet's security headers. */
export function sendSecurityHeaders(app: App, options: HelmetOptions) {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
