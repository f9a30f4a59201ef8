import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorStatus } from './errors.ts';
import { type Requirement, securityOf, securitySchemes } from './openapi-security.ts';

/**
 * The OpenAPI document of /api/docs, built once from the routes. Besides what each route declares
 * (parameters, body, success answers), every operation gets here, so a new route has them without
 * asking: who may call it (security, by path family), a stable operationId, the shared error body on
 * every error status it can answer, and, for uploads (route config `upload`), its multipart body.
 */

/** A route that reads files (withUploads): its multipart body, which the route's schema cannot declare. */
export type UploadBody = { files: 'one' | 'many'; description: string };

type Operation = {
  operationId?: string;
  security?: Requirement[];
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type Document = { components?: Record<string, unknown>; paths?: Record<string, Record<string, Operation>> };

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
/** Answered from memory: a database outage does not reach them. */
const NO_DATABASE = new Set(['get /api/health', 'get /.well-known/jwks.json']);

const errorBody = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: {
      type: 'string',
      enum: Object.keys(errorStatus),
      description: 'Stable: clients switch on it, never on the message',
    },
    message: { type: 'string', description: "What went wrong, in words for a person (the spec's text)" },
    fields: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'VALIDATION_ERROR: the message of each field at fault, by its path (`question.12.name`)',
    },
  },
};

const retryAfter = { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } };
const errorResponse = (description: string, headers?: object) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The shared error answers (components.responses), by the status they document. */
const ERRORS = {
  400: ['BadRequest', 'Bad input (VALIDATION_ERROR, with `fields`), or a wrong or used code (E_CODE_…)'],
  401: ['Unauthorized', 'No credential, or one that failed (UNAUTHORIZED, INVALID_JWT, E_SESSION_INVALID…)'],
  403: ['Forbidden', 'Not allowed (FORBIDDEN, NOT_SUDO, UNVERIFIED_CONTACT, CSRF_REJECTED)'],
  404: ['NotFound', 'No such object, or one of another workspace (NOT_FOUND)'],
  413: ['PayloadTooLarge', 'The body is larger than this operation takes (PAYLOAD_TOO_LARGE)'],
  415: ['UnsupportedMediaType', 'A Content-Type this operation does not read (UNSUPPORTED_MEDIA_TYPE)'],
  429: ['TooManyRequests', 'Too many requests or attempts (RATE_LIMITED, E_CODE_RETRY)'],
  500: [
    'InternalError',
    'A failure of the server (INTERNAL), or OUTCOME_UNKNOWN: the write may have been saved',
  ],
  503: [
    'ServiceUnavailable',
    'Nothing was saved; ask again after Retry-After: the database cannot be reached (DATABASE_UNAVAILABLE), ' +
      'the server is busy reading other files (SERVER_BUSY), or it is stopping (SHUTTING_DOWN)',
  ],
  default: ['Error', 'Any other refusal this operation can answer (409 CONFLICT, 402, 410, 422, 507 …)'],
} as const;
type ErrorStatus = keyof typeof ERRORS;

const componentResponses = Object.fromEntries(
  Object.entries(ERRORS).map(([status, [name, description]]) => [
    name,
    errorResponse(description, status === '429' || status === '503' ? retryAfter : undefined),
  ]),
);

/** 'GET /api/account/admin/room/{id}/history.csv' → 'getAccountAdminRoomByIdHistoryCsv'. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split(/[^A-Za-z0-9{}]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith('{') ? `By${capitalize(word.slice(1, -1))}` : capitalize(word)));
  return `${method.toLowerCase()}${words.join('')}`;
}
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The error statuses an operation can answer, from what it takes and who may call it. */
function errorStatuses(
  method: string,
  path: string,
  operation: Operation,
  rateLimited: boolean,
): ErrorStatus[] {
  const credentials = (operation.security ?? []).some((requirement) => Object.keys(requirement).length > 0);
  const queryCredential = (operation.security ?? []).some((requirement) =>
    Object.keys(requirement).some((name) => {
      const scheme = securitySchemes[name as keyof typeof securitySchemes];
      return 'in' in scheme && scheme.in === 'query';
    }),
  );
  const takesInput = Boolean(operation.parameters?.length || operation.requestBody || queryCredential);
  const statuses: ErrorStatus[] = [];
  if (takesInput) statuses.push(400);
  if (credentials) statuses.push(401, 403);
  if (takesInput) statuses.push(404);
  // Fastify reads a body on any write, declared or not.
  if (WRITES.has(method)) statuses.push(413, 415);
  if (rateLimited) statuses.push(429);
  statuses.push(500);
  if (!NO_DATABASE.has(`${method} ${path}`)) statuses.push(503);
  statuses.push('default');
  return statuses;
}

function multipartBody({ files, description }: UploadBody) {
  const binary = { type: 'string', format: 'binary' };
  return {
    type: 'object',
    required: ['file'],
    properties: {
      file: files === 'one' ? { ...binary, description } : { type: 'array', items: binary, description },
    },
  };
}

export function openapiOptions(): FastifyDynamicSwaggerOptions {
  /** What only the route knows, by 'method /path', for transformObject. */
  const rateLimited = new Set<string>();
  return {
    openapi: {
      info: {
        title: 'Charter API',
        version: '1.0.0',
        description:
          'Errors answer `{code, message, fields?}` with a stable `code` (components.schemas.Error). ' +
          'A link whose secret is in the path (signing, review, file, data-room and outside-form links) ' +
          'needs no other credential: it is the credential.',
      },
      components: { securitySchemes, schemas: { Error: errorBody }, responses: componentResponses },
    } as FastifyDynamicSwaggerOptions['openapi'],
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
      const route = input.route as RouteOptions;
      const path = documentPath(url);
      const methods = ([] as string[]).concat(route.method).map((m) => m.toLowerCase());
      if (route.config?.rateLimit) for (const m of methods) rateLimited.add(`${m} ${path}`);
      const security = (schema as { security?: Requirement[] }).security ?? securityOf(methods[0], path);
      const upload = route.config?.upload;
      return {
        url,
        schema: {
          ...schema,
          ...(security ? { security } : {}),
          ...(upload ? { body: multipartBody(upload), consumes: ['multipart/form-data'] } : {}),
        },
      };
    },
    transformObject: (documentObject) => {
      // This server documents OpenAPI 3 only (never a Swagger 2 swaggerObject).
      const { openapiObject } = documentObject as { openapiObject: Document };
      for (const [path, item] of Object.entries(openapiObject.paths ?? {})) {
        for (const [method, operation] of Object.entries(item)) {
          operation.operationId ??= operationIdOf(method, path);
          const responses = operation.responses ?? {};
          for (const status of errorStatuses(method, path, operation, rateLimited.has(`${method} ${path}`))) {
            responses[status] ??= { $ref: `#/components/responses/${ERRORS[status][0]}` };
          }
          operation.responses = responses;
        }
      }
      return openapiObject as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads files with withUploads: their multipart body, for the OpenAPI document. */
    upload?: UploadBody;
  }
}
