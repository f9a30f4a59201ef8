import path from 'node:path';
import { expect } from 'vitest';
import { syncTemplateLibrary } from '../../src/modules/templates/sync-library.ts';
import { accountCaller, type SignedIn, signedIn } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';

/** A test app with the template library in test/fixtures/<fixture>, and two signed-in workspaces. */
export async function appWithTemplates(fixture: string) {
  const t = await createTestApp();
  await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, '..', 'fixtures', fixture));
  const me = await signedIn(t);
  const other = await signedIn(t);
  return { t, me, other };
}

/**
 * The calls of an outside form's two sides: `anon`, a request with no session at all (the filler's side:
 * status, the JSON body when there is one, headers); `answer`, the filler answering a question by the form's
 * code; `addPerson`, the workspace adding a person to a transaction (created; returns its id).
 */
export function outsideFormCalls(getApp: () => TestApp) {
  const call = accountCaller(getApp);
  const anon = async (method: string, url: string, payload?: unknown) => {
    const { status, body, raw } = await call(null, method, url, payload);
    return { status, body, headers: raw.headers };
  };
  const answer = (code: string, transactionId: number, id: string, value: string, resourceId?: number) =>
    anon('POST', '/api/unlisted/flat_feature', {
      access_code: code,
      transaction_id: transactionId,
      feature_type_id: id,
      resource_id: resourceId,
      value,
    });
  const addPerson = async (who: SignedIn, transactionId: number, name: string) => {
    const res = await call(who, 'POST', '/api/account/resource', {
      name,
      transaction_id: transactionId,
      question_id: 'people',
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  return { anon, answer, addPerson };
}
