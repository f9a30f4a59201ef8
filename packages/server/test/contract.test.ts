import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus } from '../src/http/errors.ts';
import { withUploads } from '../src/modules/cabinet/with-uploads.ts';
import { createTestApp, type TestApp } from './harness.ts';

type Schema = {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
};
type Response = { description?: string; content?: Record<string, { schema?: Schema }>; $ref?: string };
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, Response>;
};
type Spec = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>;
    responses: Record<string, Response>;
    schemas: Record<string, Schema & { properties?: Record<string, Schema & { enum?: string[] }> }>;
  };
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

let t: TestApp;
let spec: Spec;
beforeAll(async () => {
  t = await createTestApp();
  spec = (await t.app.inject('/api/docs/json')).json();
});
afterAll(() => t.close());

/** Every operation of the document, as 'GET /api/user/me'. */
const operations = () =>
  Object.entries(spec.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${url}`, operation })),
  );

/**
 * Why an operation's success answer is not declared, or null when it is. Without a declared schema
 * @fastify/swagger still lists a placeholder 200 'Default Response' with no content.
 */
function undeclared(operation: Operation): string | null {
  const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^[23]\d\d$/.test(status));
  if (success.length === 0) return 'no 2xx/3xx answer';
  for (const [status, response] of success) {
    const media = Object.entries(response.content ?? {});
    if (status === '204' || status.startsWith('3')) {
      // Nothing else tells a reader what an empty answer means.
      if (!response.description || response.description === 'Default Response') {
        return `${status} has no description of its own`;
      }
      if (media.length > 0) return `${status} declares content`;
      continue;
    }
    if (media.length === 0) return `${status} declares no content`;
    for (const [type, { schema }] of media) {
      const isJson = type === 'application/json' && /^(object|array)$/.test(schema?.type ?? '');
      const isBytes = schema?.type === 'string' && schema.format === 'binary';
      if (!isJson && !isBytes) return `${status} ${type} has no JSON object/array or binary schema`;
    }
  }
  return null;
}

describe('the OpenAPI document (/api/docs/json)', () => {
  it('lists the operations of every area', () => {
    const names = operations().map((o) => o.name);
    expect(names.length).toBeGreaterThan(90);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/authn/session/credentials',
        'GET /api/user/me',
        'GET /api/user/settings/profile',
        'GET /api/user/accounts',
        'GET /api/account/transaction',
        'GET /api/account/storage/folder',
        'GET /api/public/file/{token}',
        'GET /api/authn/oidc/accounts.google.com/callback',
        'GET /.well-known/jwks.json',
      ]),
    );
  });

  it('declares the success answer of every operation: a schema, bytes of a media type, or no content', () => {
    const missing = operations()
      .map(({ name, operation }) => [name, undeclared(operation)])
      .filter(([, reason]) => reason !== null);
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('declares the status each handler answers with, bodiless answers and file bytes as such', () => {
    const responses = (route: string) => {
      const [method, url] = route.split(' ');
      return spec.paths[url][method.toLowerCase()].responses ?? {};
    };
    const successes = (route: string) => Object.keys(responses(route)).filter((s) => /^[23]/.test(s));
    expect(successes('POST /api/authn/session/credentials')).toEqual(['200', '201']);
    expect(successes('POST /api/authn/challenge')).toEqual(['201']);
    expect(successes('POST /api/user/settings/authenticators')).toEqual(['201']);
    expect(successes('POST /api/account/storage/folder')).toEqual(['201']);
    expect(successes('POST /api/account/storage/upload')).toEqual(['201']);
    for (const route of [
      'DELETE /api/authn/session',
      'DELETE /api/authn/challenge/{id}',
      'PATCH /api/v1/user/authenticators/{id}',
      'DELETE /api/v1/user/authenticators/{id}',
      'DELETE /api/account/storage/folder/{id}',
      'DELETE /api/account/box/file/{id}',
    ]) {
      expect(successes(route), route).toEqual(['204']);
    }
    expect(successes('GET /api/authn/oidc/accounts.google.com/auth')).toEqual(['302']);
    expect(responses('GET /api/authn/oidc/accounts.google.com/callback')['302'].content).toBeUndefined();
    const binary = { schema: { type: 'string', format: 'binary' } };
    expect(responses('GET /api/account/box/file/{id}/preview')['200'].content).toEqual({
      'application/pdf': binary,
    });
    expect(responses('POST /api/account/storage/download-zip')['200'].content).toEqual({
      'application/zip': binary,
    });
    expect(responses('GET /api/public/file/{token}')['200'].content).toEqual({ '*/*': binary });
  });

  it('lists what the answers hold, so clients can rely on it', () => {
    const json = (url: string, method = 'get', status = '200') =>
      spec.paths[url][method].responses?.[status].content?.['application/json'].schema ?? {};
    const listing = json('/api/account/storage/folder');
    expect(listing.properties?.files.items?.required).toEqual(
      expect.arrayContaining(['id', 'filename', 'content_type', 'size', 'path', 'created_at', 'abilities']),
    );
    // Only public key members are declared: a private one ('d') could never be sent.
    const keys = json('/.well-known/jwks.json').properties?.keys.items?.properties ?? {};
    expect(Object.keys(keys)).toEqual(expect.arrayContaining(['kty', 'crv', 'x', 'y', 'kid']));
    expect(Object.keys(keys)).not.toContain('d');
    // The signed-in user as the web app's session reads it.
    expect(json('/api/user/me').required).toEqual(
      expect.arrayContaining(['id', 'email', 'email_verified', 'password_allowed', 'impersonator_id']),
    );
    expect(json('/api/authn/session/credentials', 'post', '201').required).toEqual(
      expect.arrayContaining(['id_token', 'user', 'account_id']),
    );
  });
});

describe('what the OpenAPI document gives every operation (http/openapi.ts)', () => {
  const each = () =>
    Object.entries(spec.paths).flatMap(([url, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]) => ({ method, url, name: `${method.toUpperCase()} ${url}`, operation })),
    );
  const op = (route: string) => {
    const [method, url] = route.split(' ');
    return spec.paths[url][method.toLowerCase()];
  };
  /** Each alternative of an operation's security, its schemes joined by '+'; [] when public. */
  const ways = (route: string) => (op(route).security ?? []).map((r) => Object.keys(r).join('+'));

  it('is a valid OpenAPI 3 document (@apidevtools/swagger-parser)', async () => {
    // validate() dereferences what it is given: a copy keeps the document the other tests read.
    await expect(SwaggerParser.validate(structuredClone(spec) as never)).resolves.toBeTruthy();
  });

  it('says who may call every operation, with schemes the document defines', () => {
    const schemes = spec.components.securitySchemes;
    const lacking = each()
      .filter(({ operation }) => !Array.isArray(operation.security))
      .map(({ name }) => name);
    expect(lacking).toEqual([]);
    const unknown = each().flatMap(({ name, operation }) =>
      (operation.security ?? []).flatMap((r) =>
        Object.keys(r)
          .filter((s) => !schemes[s])
          .map((s) => `${name}: ${s}`),
      ),
    );
    expect(unknown).toEqual([]);
    expect(schemes.idToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.accessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'charter_session' });
    expect(schemes.roomSession).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-room-session' });
    expect(schemes.roomVisitorKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-room-visitor-key',
    });
    expect(schemes.accessCode).toMatchObject({ type: 'apiKey', in: 'query', name: 'access_code' });

    expect(ways('GET /api/user/me')).toEqual(['idToken', 'sessionCookie']);
    expect(ways('GET /api/v1/user/authenticators')).toEqual(['idToken', 'sessionCookie']);
    expect(ways('POST /api/authn/access_token')).toEqual(['idToken', 'sessionCookie']);
    expect(ways('GET /api/staff/users')).toEqual(['idToken', 'sessionCookie']);
    expect(ways('GET /api/account/me')).toEqual(['accessToken']);
    expect(ways('DELETE /api/account/admin/room/{id}')).toEqual(['accessToken']);
    expect(ways('POST /api/authn/session/credentials')).toEqual(['basicCredentials', '']);
    expect(ways('GET /api/guest/rooms/{code}')).toEqual([
      'roomSession',
      'roomVisitorKey',
      'idToken',
      'sessionCookie',
    ]);
    expect(ways('GET /api/guest/rooms/{code}/file/{fileId}')).toContain('roomFileToken');
    expect(ways('POST /api/guest/rooms/{code}/redeem')).toEqual([]);
    expect(ways('GET /api/unlisted/account/storage/folder')).toEqual(['accessCode']);
    expect(ways('POST /api/unlisted/storage/upload')).toEqual(['accessCode']);
    expect(ways('GET /api/authn/challenge/{id}')).toEqual(['challengeReceipt']);
    expect(ways('POST /api/public/billing/webhook/{provider}')).toEqual(['webhookSignature']);
    for (const route of [
      'GET /api/health',
      'GET /api/public/brand',
      'GET /.well-known/jwks.json',
      'POST /api/authn/challenge',
      'GET /api/public/sign/{token}/document',
      'GET /api/redirect/form/{code}',
    ]) {
      expect(op(route).security, route).toEqual([]);
    }
  });

  it('names every operation with a unique operationId', () => {
    const ids = each().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(op('GET /api/account/admin/room/{id}/history.csv').operationId).toBe(
      'getAccountAdminRoomByIdHistoryCsv',
    );
    expect(op('GET /.well-known/jwks.json').operationId).toBe('getWellKnownJwksJson');
  });

  it('declares the shared error body on every error answer an operation can give', () => {
    const errorSchema = spec.components.schemas.Error;
    expect(errorSchema.required).toEqual(['code', 'message']);
    expect(errorSchema.properties?.code.enum).toEqual(Object.keys(errorStatus));
    const isErrorBody = (response: Response | undefined) => {
      const resolved = response?.$ref
        ? spec.components.responses[response.$ref.replace('#/components/responses/', '')]
        : response;
      const schema = resolved?.content?.['application/json']?.schema as { $ref?: string } | undefined;
      return schema?.$ref === '#/components/schemas/Error';
    };
    const problems = each().flatMap(({ name, method, url, operation }) => {
      const responses = operation.responses ?? {};
      const statuses = Object.keys(responses);
      const errors = statuses.filter((status) => /^[45]/.test(status) || status === 'default');
      const wrong = errors
        .filter((status) => !isErrorBody(responses[status]))
        .map((s) => `${name}: ${s} not Error`);
      const expected = ['500', 'default'];
      if ((operation.security ?? []).some((r) => Object.keys(r).length > 0)) expected.push('401', '403');
      if (url.includes('{') || operation.requestBody) expected.push('400', '404');
      if (['post', 'put', 'patch', 'delete'].includes(method)) expected.push('413', '415');
      const missing = expected.filter((s) => !statuses.includes(s)).map((s) => `${name}: no ${s}`);
      return [...wrong, ...missing];
    });
    expect(problems).toEqual([]);
    // What only the route knows: its rate limit, and that it never needs the database.
    expect(Object.keys(op('POST /api/authn/challenge').responses ?? {})).toContain('429');
    expect(Object.keys(op('GET /api/user/me').responses ?? {})).not.toContain('429');
    expect(Object.keys(op('GET /api/user/me').responses ?? {})).toContain('503');
    expect(Object.keys(op('GET /api/health').responses ?? {})).not.toContain('503');
  });

  it('declares the multipart body of the four upload routes', () => {
    const uploads = {
      'POST /api/account/storage/upload': 'array',
      'POST /api/account/admin/room/{id}/document/upload': 'array',
      'POST /api/account/task/{id}/upload': 'string',
      'POST /api/unlisted/storage/upload': 'string',
    };
    for (const [route, type] of Object.entries(uploads)) {
      const body = op(route).requestBody;
      expect(body?.required, route).toBe(true);
      expect(Object.keys(body?.content ?? {}), route).toEqual(['multipart/form-data']);
      const schema = body?.content?.['multipart/form-data'].schema;
      expect(schema?.required, route).toEqual(['file']);
      const file = schema?.properties?.file;
      expect(file?.type, route).toBe(type);
      expect((type === 'array' ? file?.items : file)?.format, route).toBe('binary');
    }
    // No other operation claims multipart: the four are all of them.
    const multipart = each()
      .filter(({ operation }) => operation.requestBody?.content?.['multipart/form-data'])
      .map(({ name }) => name);
    expect(multipart.sort()).toEqual(Object.keys(uploads).sort());
  });
});

describe('a route that reads files', () => {
  it('must declare config.upload (its multipart body in the document), or every upload fails', async () => {
    const request = { routeOptions: { method: 'POST', url: '/api/account/new/upload', config: {} } };
    await expect(
      withUploads(t.ctx, request as unknown as FastifyRequest, async () => 'stored'),
    ).rejects.toThrow('POST /api/account/new/upload reads files: declare config.upload');
  });
});
