import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('public surface', () => {
  it('health answers ok once migrated', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('readiness answers ready once the database answers (its outage: database-outage.test.ts)', async () => {
    const res = await t.app.inject('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('answers the brand of the Host, else the default brand', async () => {
    const partner = await t.app.inject({
      url: '/api/public/brand',
      headers: { host: 'partner.localhost:3000' },
    });
    expect(partner.json()).toMatchObject({
      hostname: 'partner.localhost',
      display_name: 'Northwind Legal',
      support_email: 'support@charter.local',
      assets: { partner_slug: 'northwind' },
    });
    const unknown = await t.app.inject({ url: '/api/public/brand', headers: { host: 'elsewhere.example' } });
    expect(unknown.json()).toMatchObject({ hostname: 'localhost', display_name: 'Charter' });
  });

  it('sends security headers and no CORS grant', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI document with the spec paths', async () => {
    const res = await t.app.inject('/api/docs/json');
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/authn/session/credentials',
        '/api/authn/access_token',
        '/api/user/accounts',
        '/api/account/me',
        '/api/health/ready',
      ]),
    );
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await t.app.inject('/api/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('publishes the public signing keys', async () => {
    const res = await t.app.inject('/.well-known/jwks.json');
    expect(res.json().keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(res.json().keys[0].d).toBeUndefined();
  });
});
