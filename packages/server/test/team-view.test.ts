import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  memberships,
  partnerAccounts,
  partnerMembers,
  partners,
  recommendations,
} from '../src/db/schema/index.ts';
import { IMPERSONATOR_CANNOT_CHANGE_TEAM } from '../src/modules/partners/policies.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { accountCaller, type Json, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * The team view (spec 1 §6, §7 To-dos): a signed-in user acts on the to-dos of a workspace named in the
 * path, /api/user/dashboard/_account/{accountId}/…, as a member of it or of a partner connected to it.
 */
describe('team view: to-dos through /api/user/… paths', () => {
  let t: TestApp;
  /** A client workspace's owner, connected to the partner. */
  let client: SignedIn;
  /** A member of the partner (their own workspace too). */
  let advisor: SignedIn;
  /** A workspace not connected to the partner. */
  let stranger: SignedIn;
  let partnerId: number;

  const account = accountCaller(() => t);
  const asUser = async (who: SignedIn | null, method: string, url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      payload: payload as Json,
      headers: who ? { authorization: who.bearer } : {},
    });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const team = (accountId: number, rest: string) => `/api/user/dashboard/_account/${accountId}${rest}`;

  /** A project of `templateId` in the workspace: its first group and that group's to-do. */
  async function startWorkflow(who: SignedIn, templateId: string) {
    const project = await account(who, 'POST', `/api/account/project_template/${templateId}/create`, {});
    expect(project.status).toBe(201);
    const group = project.body.groupedTransactions[0] as Json;
    const todos = await account(who, 'GET', '/api/account/recommendation');
    const todo = (todos.body as unknown as Json[]).find((row) => row.transaction.id === group.id);
    return { transactionId: group.id as number, todoId: todo?.id as number };
  }

  const todosOf = (accountId: number) =>
    t.ctx.db.select().from(recommendations).where(eq(recommendations.accountId, accountId));

  beforeAll(async () => {
    t = await createTestApp();
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-modules'));
    client = await signedIn(t, { company: 'Client Co, Inc.' });
    advisor = await signedIn(t, { company: 'Advisor Own, LLC' });
    stranger = await signedIn(t, { company: 'Stranger Co, Inc.' });
    const [partner] = await t.ctx.db
      .insert(partners)
      .values({ name: 'Counsel LLP', slug: `counsel-${client.user.id}`, code: `C${client.user.id}X` })
      .returning();
    partnerId = partner.id;
    await t.ctx.db.insert(partnerMembers).values({ partnerId, userId: advisor.user.id });
    await t.ctx.db.insert(partnerAccounts).values({ partnerId, accountId: client.account!.id });
  });
  afterAll(() => t.close());

  it('answers 401 without a sign-in on every team-view route', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/recommendation'],
      ['GET', team(1, '/recommendation/project_template/test-module-two')],
      ['PATCH', team(1, '/recommendation/1')],
      ['DELETE', team(1, '/recommendation/1')],
      ['POST', team(1, '/transaction/1/assign')],
    ]) {
      const body = method === 'PATCH' || method === 'POST' ? { assignee_id: null } : undefined;
      const res = await asUser(null, method, url, body);
      expect(res.status, url).toBe(401);
    }
  });

  it("lets a partner member assign, reassign and delete a client's to-dos", async () => {
    const clientId = client.account!.id;
    const { transactionId, todoId } = await startWorkflow(client, 'test-module-two');

    const list = await asUser(advisor, 'GET', '/api/user/recommendation');
    expect(list.status).toBe(200);
    const listed = (list.body as unknown as Json[]).find((row) => row.id === todoId);
    expect(listed).toMatchObject({
      account: { id: clientId, name: 'Client Co, Inc.', member: false },
      transaction: { id: transactionId, project_template_id: 'test-module-two' },
      assignee: null,
    });

    const options = await asUser(
      advisor,
      'GET',
      team(clientId, '/recommendation/project_template/test-module-two'),
    );
    expect(options.status).toBe(200);
    expect((options.body as unknown as Json[]).map((o) => o.id)).toEqual([client.user.id]);

    const assigned = await asUser(advisor, 'POST', team(clientId, `/transaction/${transactionId}/assign`), {
      assignee_id: client.user.id,
    });
    expect(assigned).toEqual({ status: 200, body: { message: 'Task To-do assigned!' } });
    // The client's own list shows whom the partner gave it to.
    const seen = await account(client, 'GET', '/api/account/recommendation');
    const mine = (seen.body as unknown as Json[]).find((row) => row.id === todoId);
    expect(mine?.assignee).toMatchObject({ id: client.user.id, email: client.email });

    // Only the workspace's members can take it: the partner member is not one.
    const self = await asUser(advisor, 'PATCH', team(clientId, `/recommendation/${todoId}`), {
      assignee_id: advisor.user.id,
    });
    expect(self.status).toBe(400);

    const cleared = await asUser(advisor, 'PATCH', team(clientId, `/recommendation/${todoId}`), {
      assignee_id: null,
    });
    expect(cleared).toEqual({ status: 200, body: { message: 'Assignee Updated.' } });
    expect((await todosOf(clientId)).find((r) => r.id === todoId)?.assigneeId).toBeNull();

    const deleted = await asUser(advisor, 'DELETE', team(clientId, `/recommendation/${todoId}`));
    expect(deleted).toEqual({ status: 200, body: { message: 'To-do deleted' } });
    expect((await todosOf(clientId)).some((r) => r.id === todoId)).toBe(false);
  });

  it('answers 404 to a partner member on a workspace that is not a client, and changes nothing', async () => {
    const strangerId = stranger.account!.id;
    const { transactionId, todoId } = await startWorkflow(stranger, 'test-module-two');
    const before = await todosOf(strangerId);
    for (const [method, url, body] of [
      ['GET', team(strangerId, '/recommendation/project_template/test-module-two')],
      ['PATCH', team(strangerId, `/recommendation/${todoId}`), { assignee_id: null }],
      ['POST', team(strangerId, `/transaction/${transactionId}/assign`), { assignee_id: stranger.user.id }],
      ['DELETE', team(strangerId, `/recommendation/${todoId}`)],
    ] as const) {
      expect((await asUser(advisor, method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    // A to-do of another workspace named through the client's path is not found either.
    const crossed = await asUser(advisor, 'DELETE', team(client.account!.id, `/recommendation/${todoId}`));
    expect(crossed.status).toBe(404);
    expect(await todosOf(strangerId)).toEqual(before);
    const listed = await asUser(advisor, 'GET', '/api/user/recommendation');
    expect((listed.body as unknown as Json[]).some((row) => row.account.id === strangerId)).toBe(false);
  });

  it('refuses at once a partner that was disconnected, or a member who left the partner', async () => {
    const clientId = client.account!.id;
    const { todoId } = await startWorkflow(client, 'test-module-two');
    const patch = () =>
      asUser(advisor, 'PATCH', team(clientId, `/recommendation/${todoId}`), { assignee_id: null });
    expect((await patch()).status).toBe(200);

    await t.ctx.db
      .delete(partnerAccounts)
      .where(and(eq(partnerAccounts.partnerId, partnerId), eq(partnerAccounts.accountId, clientId)));
    expect((await patch()).status).toBe(404);
    const listed = await asUser(advisor, 'GET', '/api/user/recommendation');
    expect((listed.body as unknown as Json[]).some((row) => row.account.id === clientId)).toBe(false);

    await t.ctx.db.insert(partnerAccounts).values({ partnerId, accountId: clientId });
    expect((await patch()).status).toBe(200);
    await t.ctx.db
      .delete(partnerMembers)
      .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, advisor.user.id)));
    expect((await patch()).status).toBe(404);
    await t.ctx.db.insert(partnerMembers).values({ partnerId, userId: advisor.user.id });
  });

  it('hides to-dos outside module 4 of a restricted workspace on these paths too', async () => {
    const owner = await signedIn(t, { company: 'Restricted Co, Inc.' });
    const accountId = owner.account!.id;
    await t.ctx.db.insert(partnerAccounts).values({ partnerId, accountId });
    const hidden = await startWorkflow(owner, 'test-module-two');
    const visible = await startWorkflow(owner, 'test-module-four');
    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, accountId));
    const before = await todosOf(accountId);

    for (const who of [owner, advisor]) {
      const listed = await asUser(who, 'GET', '/api/user/recommendation');
      const here = (listed.body as unknown as Json[]).filter((row) => row.account.id === accountId);
      expect(here.map((row) => row.id)).toEqual([visible.todoId]);
      for (const [method, url, body] of [
        ['GET', team(accountId, '/recommendation/project_template/test-module-two')],
        ['PATCH', team(accountId, `/recommendation/${hidden.todoId}`), { assignee_id: null }],
        ['POST', team(accountId, `/transaction/${hidden.transactionId}/assign`), { assignee_id: null }],
        ['DELETE', team(accountId, `/recommendation/${hidden.todoId}`)],
      ] as const) {
        expect((await asUser(who, method, url, body)).status, `${method} ${url}`).toBe(404);
      }
    }
    expect(await todosOf(accountId)).toEqual(before);
    const allowed = await asUser(advisor, 'PATCH', team(accountId, `/recommendation/${visible.todoId}`), {
      assignee_id: owner.user.id,
    });
    expect(allowed.body).toEqual({ message: 'Assignee Updated.' });
  });

  it('lets a member use the user paths on their own workspace, and refuses them once removed', async () => {
    const accountId = stranger.account!.id;
    const { transactionId, todoId } = await startWorkflow(stranger, 'test-module-four');
    const listed = await asUser(stranger, 'GET', '/api/user/recommendation');
    expect((listed.body as unknown as Json[]).find((row) => row.id === todoId)?.account).toEqual({
      id: accountId,
      name: 'Stranger Co, Inc.',
      member: true,
    });
    const assigned = await asUser(stranger, 'POST', team(accountId, `/transaction/${transactionId}/assign`), {
      assignee_id: stranger.user.id,
    });
    expect(assigned.body).toEqual({ message: 'Task To-do assigned!' });
    const options = await asUser(
      stranger,
      'GET',
      team(accountId, '/recommendation/project_template/test-module-four'),
    );
    expect((options.body as unknown as Json[]).map((o) => o.id)).toEqual([stranger.user.id]);

    // Their to-dos are not the advisor's, and the advisor's own workspace is not the stranger's.
    const other = await asUser(stranger, 'PATCH', team(advisor.account!.id, `/recommendation/${todoId}`), {
      assignee_id: null,
    });
    expect(other.status).toBe(404);

    await t.ctx.db
      .delete(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, stranger.user.id)));
    const removed = await asUser(stranger, 'DELETE', team(accountId, `/recommendation/${todoId}`));
    expect(removed.status).toBe(404);
    expect((await todosOf(accountId)).some((r) => r.id === todoId)).toBe(true);
  });

  it('keeps staff acting as the partner member by remote login in the workspace they were given', async () => {
    const clientId = client.account!.id;
    const { todoId: clientTodo } = await startWorkflow(client, 'test-module-two');
    const { todoId: ownTodo } = await startWorkflow(advisor, 'test-module-two');
    const staff = await signedIn(t, { staff: true, company: null });
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/remote',
      headers: { authorization: staff.bearer },
      payload: {
        user_id: advisor.user.id,
        account_id: advisor.account!.id,
        reason: 'Ticket 9: a missing to-do',
      },
    });
    expect(remote.statusCode, remote.body).toBe(200);
    const acting = { ...advisor, bearer: `Bearer ${remote.json().id_token}` } as SignedIn;

    const listed = (await asUser(acting, 'GET', '/api/user/recommendation')).body as unknown as Json[];
    expect(listed.some((row) => row.id === ownTodo)).toBe(true);
    expect(listed.some((row) => row.account.id === clientId)).toBe(false);
    const elsewhere = await asUser(acting, 'DELETE', team(clientId, `/recommendation/${clientTodo}`));
    expect(elsewhere.status).toBe(404);
    expect((await todosOf(clientId)).some((r) => r.id === clientTodo)).toBe(true);
    // The partner's team is for looking at only, even when the user is one of its admins.
    await t.ctx.db
      .update(partnerMembers)
      .set({ roleId: 1 })
      .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, advisor.user.id)));
    expect((await asUser(acting, 'GET', '/api/user/team')).status).toBe(200);
    const disconnect = await asUser(
      acting,
      'DELETE',
      `/api/user/partner/remove_account/${partnerId}/${clientId}`,
    );
    expect(disconnect).toMatchObject({ status: 403, body: { message: IMPERSONATOR_CANNOT_CHANGE_TEAM } });
  });
});
