import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential (the live channel's `access_token`, per spec 1). */
const SECRET_PARAMS = /([?&](?:access_token|id_token|token|code|access_code)=)[^&#]*/gi;

/**
 * Path segments that are a credential: the secret of a signing or review link (the page and its API
 * calls), a data room's or an outside form's code (pages, guest and public calls, the standing-form
 * redirect, the room invite, a shared file cabinet), a report file's signed link, and the code at the end of an emailed verification link.
 */
const SECRET_PATHS = new RegExp(
  [
    String.raw`(\/(?:api\/public\/)?(?:sign|review)\/)[^/?#]+`,
    // A room's form inside the room (/data-room/{room}/outside-form/{form}) is two matches in one pass.
    String.raw`(\/(?:data-room(?:\/v1)?|outside-form|invites\/room|shared-cabinet|api\/guest\/rooms|api\/public\/outside_form|api\/redirect\/form)\/)[^/?#]+`,
    String.raw`(\/api\/user\/report\/file\/[^/?#]+\/jwt\/)[^/?#]+`,
    String.raw`(\/verify\/[^/?#]+\/[^/?#]+\/)[^/?#]+`,
  ].join('|'),
  'gi',
);

/** A URL as it may be logged: credentials in its query and its path replaced. */
export const redactUrl = (url: string) =>
  url
    .replace(SECRET_PARAMS, '$1[redacted]')
    .replace(SECRET_PATHS, (_match, ...groups: unknown[]) => `${groups.find(isPrefix)}[redacted]`);

const isPrefix = (group: unknown): group is string => typeof group === 'string' && group.startsWith('/');

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
