import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

// Two server instances share one PostgreSQL server; the embedded database has a single instance.
const shared = Boolean(process.env.DATABASE_URL);

describe.skipIf(!shared)('auth cache across instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('a logout on one instance ends the session on the other, which had it cached', async () => {
    const me = await signedIn(a);
    const onB = () => b.app.inject({ url: '/api/account/me', headers: { authorization: me.accountBearer } });
    expect((await onB()).statusCode).toBe(200);
    await a.app.inject({
      method: 'DELETE',
      url: '/api/authn/session',
      headers: { authorization: me.bearer },
    });
    await expect.poll(async () => (await onB()).statusCode, { timeout: 3000, interval: 50 }).toBe(401);
  });
});
