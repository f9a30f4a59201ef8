import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../src/db/schema/index.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import {
  accessToken,
  accountCaller,
  createUser,
  type Json,
  login,
  type SignedIn,
  signedIn,
} from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { SIGNATURE_PNG } from './support/signature-png.ts';
import { fillWorkspace, uploadAs } from './support/workspace-rows.ts';

/**
 * The user-side document list and links (GET /api/user/document, /api/user/document/{id}/token) apply the
 * account side's rule (workflows/policies.ts visibleDocuments): a member without the file cabinet sees a
 * workspace's task documents, never its cabinet documents (issue 22: they listed and downloaded them all).
 */
let t: TestApp;
const call = accountCaller(() => t);
beforeAll(async () => {
  t = await createTestApp();
  await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-modules'));
});
afterAll(() => t.close());

async function onePagePdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText('Board consent  {{sign:Director}}', { x: 72, y: 200, size: 11, font });
  return Buffer.from(await pdf.save());
}

/** A cabinet PDF sent for signature to one signer and sealed: a document of no task group, with a final file. */
async function sealedCabinetDocument(owner: SignedIn) {
  const uploaded = await uploadAs(t, owner, '/api/account/storage/upload?path=/Board', [
    { filename: 'Consent.pdf', content: await onePagePdf() },
  ]);
  const created = await call(owner, 'POST', '/api/account/signing/documents', {
    file_id: uploaded.body[0].id,
  });
  const id = created.body.document.id as number;
  const email = `director-${id}@example.com`;
  await call(owner, 'POST', '/api/account/document_history/email_recipient', {
    document_id: id,
    email,
    metadata: { name: 'Dee Director', role: 'Signer', party: 'Director' },
  });
  expect((await call(owner, 'POST', `/api/account/signing/documents/${id}/send`, {})).status).toBe(200);
  const mail = (await t.mailTo(email)).at(-1);
  const secret = mail?.text.match(/\/sign\/([A-Za-z0-9_-]+)/)?.[1];
  const visitor = { 'user-agent': 'test', 'x-forwarded-for': '203.0.113.4' };
  await t.app.inject({ method: 'POST', url: `/api/public/sign/${secret}/open`, headers: visitor });
  await t.app.inject({ method: 'POST', url: `/api/public/sign/${secret}/consent`, headers: visitor });
  const signed = await t.app.inject({
    method: 'POST',
    url: `/api/public/sign/${secret}/sign`,
    headers: visitor,
    payload: { signature: { how: 'type', image: SIGNATURE_PNG, text: 'Dee Director' } },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  await t.ctx.jobs.drain();
  return id;
}

async function memberOf(owner: SignedIn, filecabinetAccess: boolean) {
  const user = await createUser(t, { company: null });
  await t.ctx.db
    .insert(memberships)
    .values({ userId: user.user.id, accountId: owner.account!.id, filecabinetAccess });
  const { idToken } = await login(t, user.email, user.password!);
  const access = await accessToken(t, idToken, owner.account!.id);
  return { bearer: `Bearer ${idToken}`, accountBearer: `Bearer ${access}` } as SignedIn;
}

const userGet = async (who: SignedIn, url: string) => {
  const res = await t.app.inject({ url, headers: { authorization: who.bearer } });
  return { status: res.statusCode, body: res.json() as Json };
};
const ids = (rows: Json[]) => rows.map((row) => row.id as number).sort((a, b) => a - b);

describe("the user's own document list and links", () => {
  it('apply the cabinet rule of the workspace side: without the cabinet, task documents only', async () => {
    const owner = await signedIn(t);
    const rows = await fillWorkspace(t, owner, 'test-module-four');
    const cabinetDocumentId = await sealedCabinetDocument(owner);
    const withCabinet = await memberOf(owner, true);
    const without = await memberOf(owner, false);

    // Without the cabinet: the task document, not the sealed cabinet document, in both lists.
    const theirs = await userGet(without, '/api/user/document');
    expect(ids(theirs.body as Json[])).toEqual([rows.documentId]);
    const workspaceSide = await call(without, 'GET', '/api/account/document_history');
    expect(ids(workspaceSide.body as Json[])).toEqual(ids(theirs.body as Json[]));
    expect((await userGet(without, `/api/user/document/${cabinetDocumentId}/token`)).status).toBe(404);
    expect((await userGet(without, `/api/user/document/${rows.documentId}/token`)).status).toBe(200);

    // With the cabinet: both, the same list as the workspace side, and a link that opens the sealed file.
    const all = await userGet(withCabinet, '/api/user/document');
    expect(ids(all.body as Json[])).toEqual([rows.documentId, cabinetDocumentId]);
    const allWorkspaceSide = await call(withCabinet, 'GET', '/api/account/document_history');
    expect(ids(allWorkspaceSide.body as Json[])).toEqual(ids(all.body as Json[]));
    const link = await userGet(withCabinet, `/api/user/document/${cabinetDocumentId}/token`);
    expect(link.status).toBe(200);
    const opened = await t.app.inject({ url: link.body.url });
    expect(opened.headers['content-type']).toBe('application/pdf');
  });
});
