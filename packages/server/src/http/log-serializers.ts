import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential (the live channel's `access_token`, per spec 1). */
const SECRET_PARAMS = /([?&](?:access_token|id_token|token|code)=)[^&#]*/gi;

/**
 * Path segments that are a credential: the secret of a signing or review link (the page and its API
 * calls), and the code at the end of an emailed verification link.
 */
const SECRET_PATHS = /(\/(?:api\/public\/)?(?:sign|review)\/)[^/?#]+|(\/verify\/[^/?#]+\/[^/?#]+\/)[^/?#]+/gi;

/** A URL as it may be logged: credentials in its query and its path replaced. */
export const redactUrl = (url: string) =>
  url
    .replace(SECRET_PARAMS, '$1[redacted]')
    .replace(SECRET_PATHS, (_match, link?: string, verify?: string) => `${link ?? verify}[redacted]`);

/**
 * What a log line says of a request: Fastify's default fields, with the URL's credentials redacted
 * (headers are not logged; the authorization and cookie headers are redacted besides).
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
