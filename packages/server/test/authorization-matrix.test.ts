import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, memberships, partnerAccounts, partnerMembers, partners } from '../src/db/schema/index.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import { accessToken, createUser, type Json, login, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { accountCalls, type Request, type Rows } from './support/account-requests.ts';
import { multipart } from './support/multipart.ts';
import { type UserCallRows, userCalls, type Who } from './support/user-requests.ts';
import { fillWorkspace, PDF, snapshotWorkspace } from './support/workspace-rows.ts';

/**
 * Every route, called by everyone who must not get a 2xx from it: owner, admin, member, member without
 * cabinet access, role-3 member, removed member, partner member acting on a client and on a non-client,
 * staff, staff impersonating a member, anonymous (issue 11). A refusal is 401, 403 or 404 (never a 400 that
 * would hide a missing check behind a bad request), and nothing a refused call touches changes.
 */
const REFUSED = [401, 403, 404];

/** Workspace administration: its admins only (the owner's hand-over, its owner only). */
const adminOnly = (route: string) =>
  /^\w+ \/api\/account\/(admin\/|remove_user\/|change_owner\/|signatory\/)/.test(route) && !roomRead(route);
/** A workspace's rooms are seen by all its members; only its admins change them (modules/rooms/policies.ts). */
const roomRoute = (route: string) => /^\w+ \/api\/account\/(admin\/room\b|feature\b)/.test(route);
const roomRead = (route: string) =>
  /^GET \/api\/account\/(admin\/room(\/\{id\}(\/(link|document))?)?|feature)$/.test(route);
const ownerOnly = (route: string) => route === 'PATCH /api/account/change_owner/{id}';
/** The file cabinet's own routes: closed without filecabinet_access (the restricted cases answer 403 on both). */
const cabinetOnly = (route: string) =>
  !roomRoute(route) && accountCalls.some((c) => c.route === route && c.hidden === 403 && c.visible === 403);

/** Whether `who`, holding a workspace token of their own kind, must be refused on this /api/account route. */
function refusedOnAccount(route: string, who: Who): boolean {
  switch (who) {
    case 'owner':
      return false;
    case 'admin':
      return ownerOnly(route);
    case 'member':
    case 'impersonating':
      return adminOnly(route);
    case 'noCabinet':
      return adminOnly(route) || cabinetOnly(route);
    default:
      return true;
  }
}

describe('the authorization matrix: no unexpected 2xx on any route', () => {
  let t: TestApp;
  let rows: Rows;
  let restrictedRows: Rows;
  const tokens = {} as Record<Who, { account: string | null; user: string | null }>;
  let userRows: UserCallRows;

  const inject = async (bearer: string | null, method: string, req: Request) => {
    const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
    if (req.upload) {
      const body = multipart([{ filename: 'x.pdf', content: PDF }]);
      headers['content-type'] = body.contentType;
      return t.app.inject({ method: method as 'POST', url: req.url, payload: body.payload, headers });
    }
    return t.app.inject({ method: method as 'GET', url: req.url, payload: req.body as Json, headers });
  };

  /** Signs a new user in, with a membership of `accountId` made as `membership` says. */
  async function memberOf(accountId: number, membership: { isAdmin?: boolean; filecabinetAccess?: boolean }) {
    const user = await createUser(t, { company: null });
    await t.ctx.db.insert(memberships).values({ userId: user.user.id, accountId, ...membership });
    const { idToken } = await login(t, user.email, user.password!);
    return { user: user.user, idToken, access: await accessToken(t, idToken, accountId) };
  }

  async function partnerWith(name: string, clientId: number) {
    const [partner] = await t.ctx.db
      .insert(partners)
      .values({ name, slug: name.toLowerCase(), code: `${name.toUpperCase()}-CODE` })
      .returning();
    const person = await signedIn(t, { company: null });
    await t.ctx.db
      .insert(partnerMembers)
      .values({ partnerId: partner.id, userId: person.user.id, roleId: 1 });
    await t.ctx.db.insert(partnerAccounts).values({ partnerId: partner.id, accountId: clientId });
    return { partner, person };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-modules'));
    const owner = await signedIn(t);
    const accountId = owner.account!.id;
    const filled = await fillWorkspace(t, owner, 'test-module-four');
    const spare = await t.app.inject({
      method: 'POST',
      url: '/api/account/project_template/test-module-four/create',
      headers: { authorization: owner.accountBearer },
      payload: {},
    });
    rows = { ...filled, spareProjectId: spare.json().id, ownerId: owner.user.id };

    const admin = await memberOf(accountId, { isAdmin: true });
    const member = await memberOf(accountId, {});
    const noCabinet = await memberOf(accountId, { filecabinetAccess: false });
    const removed = await memberOf(accountId, {});
    await t.ctx.db
      .delete(memberships)
      .where(and(eq(memberships.userId, removed.user.id), eq(memberships.accountId, accountId)));

    // A role-3 workspace's own owner, on its rows outside module 4.
    const restrictedOwner = await signedIn(t);
    const hidden = await fillWorkspace(t, restrictedOwner, 'test-module-two');
    restrictedRows = { ...hidden, spareProjectId: hidden.projectId, ownerId: restrictedOwner.user.id };
    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, restrictedOwner.account!.id));
    const restrictedAccess = await accessToken(t, restrictedOwner.idToken, restrictedOwner.account!.id);

    // A partner of this workspace, and a partner of another one.
    const other: SignedIn = await signedIn(t);
    const client = await partnerWith('Client', accountId);
    const stranger = await partnerWith('Stranger', other.account!.id);

    const staff = await signedIn(t, { staff: true, company: null });
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/remote',
      headers: { authorization: staff.bearer },
      payload: { user_id: member.user.id, account_id: accountId, reason: 'Ticket 4411: cannot see a task' },
    });
    expect(remote.statusCode, remote.body).toBe(200);
    const impersonation = remote.json() as { id_token: string; access_token: string };

    Object.assign(tokens, {
      owner: { account: owner.access, user: owner.idToken },
      admin: { account: admin.access, user: admin.idToken },
      member: { account: member.access, user: member.idToken },
      noCabinet: { account: noCabinet.access, user: noCabinet.idToken },
      restricted: { account: restrictedAccess, user: restrictedOwner.idToken },
      removed: { account: removed.access, user: removed.idToken },
      partnerOnClient: { account: null, user: client.person.idToken },
      partnerOnOther: { account: null, user: stranger.person.idToken },
      staff: { account: null, user: staff.idToken },
      impersonating: { account: impersonation.access_token, user: impersonation.id_token },
      anonymous: { account: null, user: null },
    } satisfies Record<Who, { account: string | null; user: string | null }>);
    userRows = {
      accountId,
      otherAccountId: other.account!.id,
      partnerId: client.partner.id,
      partnerMemberId: client.person.user.id,
      memberId: member.user.id,
      todoId: rows.todoId,
      transactionId: rows.transactionId,
      templateId: rows.templateId,
      documentId: rows.documentId,
      roomId: rows.roomId,
    };
  });
  afterAll(() => t.close());

  it('calls every /api/account route as each workspace actor and refuses who it must', async () => {
    const before = await snapshotWorkspace(t, userRows.accountId);
    const failures: string[] = [];
    for (const who of Object.keys(tokens) as Who[]) {
      for (const call of accountCalls) {
        const method = call.route.split(' ')[0];
        // The restricted owner is refused only on rows outside modules 4 and 5 (and what role 3 hides).
        if (who === 'restricted') {
          if (call.hidden === null && !adminOnly(call.route)) continue;
          const res = await inject(tokens.restricted.account, method, call.request(restrictedRows));
          if (!REFUSED.includes(res.statusCode)) failures.push(`${who} ${call.route}: ${res.statusCode}`);
          continue;
        }
        if (!refusedOnAccount(call.route, who)) continue;
        // Those without a token of this workspace try theirs (a sign-in token is no workspace token).
        const bearer = tokens[who].account ?? tokens[who].user;
        const res = await inject(bearer, method, call.request(rows));
        if (!REFUSED.includes(res.statusCode)) failures.push(`${who} ${call.route}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotWorkspace(t, userRows.accountId)).toEqual(before);
  });

  it('gives a workspace token only to its members', async () => {
    for (const who of ['removed', 'partnerOnClient', 'partnerOnOther', 'staff'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authn/access_token',
        headers: { authorization: `Bearer ${tokens[who].user}` },
        payload: { account_id: userRows.accountId },
      });
      expect(REFUSED, who).toContain(res.statusCode);
    }
  });

  it('calls every /api/user and /api/staff route as each actor and refuses who it must', async () => {
    const before = await snapshotWorkspace(t, userRows.accountId);
    const failures: string[] = [];
    for (const call of userCalls) {
      const method = call.route.split(' ')[0];
      for (const who of Object.keys(tokens) as Who[]) {
        if (!call.refused(who)) continue;
        const res = await inject(tokens[who].user, method, call.request(userRows));
        if (!REFUSED.includes(res.statusCode)) failures.push(`${who} ${call.route}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotWorkspace(t, userRows.accountId)).toEqual(before);
  });

  it('covers every signed-in route', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths)
      .filter(([url]) => /^\/api\/(account|user|v1\/user|staff)\//.test(url))
      .flatMap(([url, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${url}`));
    const covered = new Set([...accountCalls, ...userCalls].map((x) => x.route));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });
});
