import { INVALID_ID } from '@charter/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCaller, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

const TOO_BIG = 2 ** 31;

describe('bad input answers 400 with a clear message, never 500', () => {
  let t: TestApp;
  let me: SignedIn;
  const call = accountCaller(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    me = await signedIn(t);
  });
  afterAll(() => t.close());

  it('refuses ids beyond a PostgreSQL integer in paths, queries and bodies', async () => {
    for (const [method, url, body] of [
      ['GET', `/api/account/transaction/${TOO_BIG}`, undefined],
      ['DELETE', `/api/account/project/${TOO_BIG}`, undefined],
      ['GET', `/api/account/transaction?project_id=${TOO_BIG}`, undefined],
      ['GET', `/api/account/custom_document?task_id=${TOO_BIG}`, undefined],
      ['POST', '/api/account/flat_feature', { transaction_id: TOO_BIG, feature_type_id: 'x', value: '' }],
      ['POST', '/api/account/storage/download-zip', { file_ids: [1, TOO_BIG] }],
      ['PUT', `/api/account/resource/merge/1/${TOO_BIG}`, undefined],
    ] as const) {
      const res = await call(me, method, url, body);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ code: 'VALIDATION_ERROR', message: INVALID_ID });
    }
  });

  it('refuses a page offset beyond a PostgreSQL integer', async () => {
    const res = await call(me, 'GET', `/api/account/resource/?offset=${2 ** 53}`);
    expect(res.status).toBe(400);
  });
});
