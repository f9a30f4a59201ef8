import { ROOM_SESSION_HEADER, ROOM_VISITOR_KEY_HEADER } from '@charter/domain';
import { SESSION_COOKIE } from '../modules/auth/session-store.ts';

/**
 * How callers prove who they are, as the OpenAPI document names it (components.securitySchemes). A link's
 * secret carried in the path itself (a signing, review, file or outside-form link: `/api/public/sign/{token}`,
 * `/api/guest/rooms/{code}`) is a capability URL, which OpenAPI cannot express as a scheme: those
 * operations say so in their parameters.
 */
export const securitySchemes = {
  idToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The signed-in user: the id_token (ES256, 12 h) answered by POST /api/authn/session/credentials, ' +
      '…/challenge/{id} or …/id_token. Platform staff use theirs on /api/staff/*.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The browser session (httpOnly), accepted wherever an id_token is. Writes signed in by cookie alone ' +
      'must come from this site and send JSON (403 CSRF_REJECTED otherwise).',
  },
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'One workspace: the access_token (ES256, 15 min) of POST /api/authn/access_token.',
  },
  basicCredentials: {
    type: 'http',
    scheme: 'basic',
    description: 'Email and password, to sign in (POST /api/authn/session/credentials).',
  },
  roomSession: {
    type: 'apiKey',
    in: 'header',
    name: ROOM_SESSION_HEADER,
    description:
      "A data-room visitor's session, answered by redeeming a personal link or a verification code.",
  },
  roomVisitorKey: {
    type: 'apiKey',
    in: 'header',
    name: ROOM_VISITOR_KEY_HEADER,
    description: "An anonymous browser's own random key, enough for an open room.",
  },
  roomFileToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'A short-lived file token of GET /api/guest/rooms/{code}/file/{fileId}/token.',
  },
  accessCode: {
    type: 'apiKey',
    in: 'query',
    name: 'access_code',
    description: 'The code of a shared cabinet link or an outside form (its link).',
  },
  challengeReceipt: {
    type: 'apiKey',
    in: 'query',
    name: 'receipt',
    description: 'The receipt POST /api/authn/challenge answered, which only its requester holds.',
  },
  webhookSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'stripe-signature',
    description: 'The payment provider’s signature of the event (`webhook-signature` is read too).',
  },
} as const;

type Scheme = keyof typeof securitySchemes;
/** One way to be let in: every scheme it names at once. `{}` is "no credential". */
export type Requirement = Partial<Record<Scheme, string[]>>;

const ANYONE: Requirement = {};
const SIGNED_IN: Requirement[] = [{ idToken: [] }, { sessionCookie: [] }];
const ROOM_VISITOR: Requirement[] = [{ roomSession: [] }, { roomVisitorKey: [] }, ...SIGNED_IN];

/**
 * Each operation's ways in (an OR of requirements; `[]` means public), by 'METHOD /path' with the document's
 * {param} syntax; the first entry that matches wins, so exceptions come before their family. A route may
 * set `schema.security` itself instead. An operation no entry matches gets none, and the contract test
 * names it: a new path family has to say who may call it.
 */
const BY_PATH: [RegExp, Requirement[]][] = [
  // Sessions: a password or a code in the body signs in; the rest take the session.
  [/^POST \/api\/authn\/session\/credentials$/, [{ basicCredentials: [] }, ANYONE]],
  [/^POST \/api\/authn\/(challenge|session\/challenge\/\{id\})$/, []],
  [/^(GET|DELETE) \/api\/authn\/challenge\/\{id\}$/, [{ challengeReceipt: [] }]],
  [/^DELETE \/api\/authn\/session$/, [...SIGNED_IN, ANYONE]],
  [/^GET \/api\/authn\/oidc\//, []],
  [/^\w+ \/api\/authn\//, SIGNED_IN],
  // The signed-in user, and platform staff (whose user must be staff: 403 otherwise).
  [/^\w+ \/api\/(v1\/)?user\//, SIGNED_IN],
  [/^\w+ \/api\/staff\//, SIGNED_IN],
  [/^\w+ \/api\/account\//, [{ accessToken: [] }]],
  // Data-room visitors: a personal link's or a verification code's secret in the body opens a session.
  [/^POST \/api\/guest\/rooms\/\{code\}\/(redeem|challenge\/\{id\})$/, []],
  [/^GET \/api\/guest\/rooms\/\{code\}\/file\/\{fileId\}$/, [...ROOM_VISITOR, { roomFileToken: [] }]],
  [/^\w+ \/api\/guest\//, ROOM_VISITOR],
  // Outside forms and shared cabinet links: the link's code, in the body for these two.
  [/^(POST \/api\/unlisted\/flat_feature|PATCH \/api\/unlisted\/resource\/\{id\})$/, []],
  [/^\w+ \/api\/unlisted\//, [{ accessCode: [] }]],
  [/^POST \/api\/public\/billing\/webhook\//, [{ webhookSignature: [] }]],
  // Public, or a capability URL (the link's secret is the path).
  [/^\w+ \/api\/(public|redirect|health)(\/|$)/, []],
  [/^GET \/\.well-known\//, []],
];

/** The operation's security requirements, or undefined when its path belongs to no known family. */
export function securityOf(method: string, path: string): Requirement[] | undefined {
  const operation = `${method.toUpperCase()} ${path}`;
  return BY_PATH.find(([pattern]) => pattern.test(operation))?.[1];
}
