import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

type Schema = {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
};
type Response = { description?: string; content?: Record<string, { schema?: Schema }> };
type Operation = { responses?: Record<string, Response> };
type Spec = { paths: Record<string, Record<string, Operation>> };

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
