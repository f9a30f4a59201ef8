import path from 'node:path';
import { ADMIN_WARNING, ROOM_ADMIN_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/index.ts';
import { NO_CABINET_ACCESS } from '../src/modules/cabinet/policies.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { accessToken, accountCaller, type Json, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { accountCalls, type Request } from './support/account-requests.ts';
import {
  fillWorkspace,
  PDF,
  snapshotWorkspace,
  uploadAs,
  type WorkspaceRows,
} from './support/workspace-rows.ts';

/** Routes refused as a whole in a restricted workspace with the admin warning, not the cabinet's message. */
const ACCOUNT_ROUTES =
  /^\S+ \/api\/account\/(admin\/(users|add_user|settings\/profile)|remove_user|change_owner|signatory)\b/;
const ROOM_ROUTES = /^\S+ \/api\/account\/(admin\/room\b|feature\b)/;
const forbiddenMessage = (route: string) =>
  ACCOUNT_ROUTES.test(route)
    ? ADMIN_WARNING
    : ROOM_ROUTES.test(route)
      ? ROOM_ADMIN_MESSAGES.restricted
      : NO_CABINET_ACCESS;

describe('a restricted (role 3) workspace: modules 4 and 5 only, no cabinet (spec 1 §6, spec 2 §6)', () => {
  let t: TestApp;
  let owner: SignedIn;
  let hidden: WorkspaceRows;
  let visible: WorkspaceRows;
  const call = accountCaller(() => t);
  const send = (req: Request, method: string) =>
    req.upload
      ? uploadAs(t, owner, req.url, [{ filename: 'signed.pdf', content: PDF }])
      : call(owner, method, req.url, req.body);

  beforeAll(async () => {
    t = await createTestApp();
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-modules'));
    owner = await signedIn(t);
    // Filled while the workspace may still do everything, then restricted.
    hidden = await fillWorkspace(t, owner, 'test-module-two');
    visible = await fillWorkspace(t, owner, 'test-module-four');
    const accountId = owner.account!.id;
    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, accountId));
    const access = await accessToken(t, owner.idToken, accountId);
    owner = { ...owner, access, accountBearer: `Bearer ${access}` };
  });
  afterAll(() => t.close());

  it('covers every workspace route', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths)
      .filter(([url]) => url.startsWith('/api/account/'))
      .flatMap(([url, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${url}`));
    const covered = new Set(accountCalls.map((x) => x.route));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });

  it('answers as absent for every row outside module 4, and changes none', async () => {
    const before = await snapshotWorkspace(t, owner.account!.id);
    for (const { route, request, hidden: status } of accountCalls) {
      if (status === null) continue;
      const res = await send(
        request({ ...hidden, spareProjectId: hidden.projectId, ownerId: owner.user.id }),
        route.split(' ')[0],
      );
      expect(res.status, route).toBe(status);
      if (status === 403) expect(res.body.message, route).toBe(forbiddenMessage(route));
    }
    expect(await snapshotWorkspace(t, owner.account!.id)).toEqual(before);
  });

  it('lists only what module 4 and 5 show', async () => {
    const ids = (rows: Json[]) => rows.map((row) => row.id);
    const templates = await call(owner, 'GET', '/api/account/project_template');
    // The library's own workflows of modules 4 and 5 (a restricted workspace is never left empty) and the
    // test's; none of modules 1 to 3.
    expect(ids(templates.body as Json[]).sort()).toEqual([
      'consulting-agreement',
      'customer-services-agreement',
      'test-module-four',
    ]);
    const groups = await call(owner, 'GET', '/api/account/transaction?limit=3000');
    expect(ids(groups.body as Json[])).toEqual([visible.transactionId]);
    const todos = await call(owner, 'GET', '/api/account/recommendation');
    expect((todos.body as Json[]).map((row) => row.transaction.id)).toEqual([visible.transactionId]);
    const history = await call(owner, 'GET', '/api/account/document_history');
    expect(ids(history.body as Json[])).toEqual([visible.documentId]);
    expect((await call(owner, 'GET', '/api/account/storage/my_templates')).body).toEqual([]);
    const me = await call(owner, 'GET', '/api/account/me');
    expect(me.body.abilities).toEqual({
      manage_settings: false,
      filecabinet: false,
      reports: false,
      rooms: false,
    });
    // Restricted workspaces are left out of the user's own document list and links (spec 2 §6).
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/user/document',
      headers: { authorization: owner.bearer },
    });
    expect(mine.json()).toEqual([]);
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/user/document/${visible.documentId}/token`,
      headers: { authorization: owner.bearer },
    });
    expect(link.statusCode).toBe(404);
  });

  it('does the work of module 4 as any workspace would', async () => {
    const spare = await call(owner, 'POST', '/api/account/project_template/test-module-four/create', {});
    expect(spare.status).toBe(201);
    const rows = { ...visible, spareProjectId: spare.body.id as number, ownerId: owner.user.id };
    for (const { route, request, visible: status } of accountCalls) {
      const res = await send(request(rows), route.split(' ')[0]);
      expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBe(status);
    }
  });
});
