import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PARTNER_BRAND_NOT_SET_UP } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountFeatures,
  accounts,
  auditLog,
  authenticators,
  brands,
  memberships,
  partnerMembers,
  partners,
  projectCounsel,
} from '../src/db/schema/index.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import {
  accessToken,
  accountCaller,
  createUser,
  type Json,
  type SignedIn,
  signedIn,
  uniqueEmail,
} from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createPartner } from './support/partners.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const callAccount = accountCaller(() => t);

/** A user-level call (/api/user/*, /api/public/*) as `who`, or anonymous. */
async function callUser(who: SignedIn | null, method: string, url: string, payload?: unknown) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    payload: payload as Json,
    headers: who ? { authorization: who.bearer } : {},
  });
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: (json ? res.json() : {}) as Json };
}

/** A partner with an admin, a member and one client workspace, each person signed in. */
async function team() {
  const admin = await signedIn(t);
  const member = await signedIn(t);
  const client = await signedIn(t);
  const partner = await createPartner(t, {
    admins: [admin.user.id],
    members: [member.user.id],
    clients: [client.account!.id],
  });
  return { admin, member, client, partner };
}

const teamOf = async (who: SignedIn, partnerId: number, query = '') =>
  ((await callUser(who, 'GET', `/api/user/team${query}`)).body as Json[]).find((x) => x.id === partnerId);

describe('GET /api/user/team', () => {
  it('needs a signed-in user and lists only the user’s own teams', async () => {
    expect((await callUser(null, 'GET', '/api/user/team')).status).toBe(401);
    const { admin, member, client, partner } = await team();
    const stranger = await signedIn(t);
    expect((await callUser(stranger, 'GET', '/api/user/team')).body).toEqual([]);

    const mine = (await callUser(member, 'GET', '/api/user/team')).body as Json[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: partner.id,
      name: partner.name,
      code: partner.code,
      role_id: 2,
      abilities: { manage_members: false, manage_accounts: false, manage_brand: false },
      packages: [],
      accounts: [{ id: client.account!.id, name: client.account!.companyName }],
    });
    expect(mine[0].accounts[0].connected_at).toMatch(/^\d{4}-/);
    const people = (mine[0].members as Json[]).map((m) => [m.user_id, m.role_id, m.abilities]);
    expect(people).toEqual([
      [admin.user.id, 1, { change_role: false, remove: false }],
      [member.user.id, 2, { change_role: false, remove: false }],
    ]);
    const asAdmin = await teamOf(admin, partner.id);
    expect(asAdmin?.abilities.manage_members).toBe(true);
    // The only admin cannot be removed, and nobody changes their own role.
    expect(((asAdmin?.members as Json[] | undefined) ?? []).map((m) => m.abilities)).toEqual([
      { change_role: false, remove: false },
      { change_role: true, remove: true },
    ]);
  });

  it('leaves out the parts the query turns off', async () => {
    const { admin, partner } = await team();
    const bare = await teamOf(admin, partner.id, '?members=0&packages=false&accounts=0');
    expect(bare).toBeDefined();
    expect(Object.keys(bare ?? {}).sort()).toEqual(['abilities', 'code', 'id', 'name', 'role_id', 'slug']);
    expect((await callUser(admin, 'GET', '/api/user/team?members=maybe')).status).toBe(400);
  });
});

describe('partner members', () => {
  it('lets an admin add an existing user by address, who is told by mail', async () => {
    const { admin, partner } = await team();
    const colleague = await createUser(t);
    const added = await callUser(admin, 'POST', `/api/user/partner/add_member/${partner.id}`, {
      email: colleague.email.toUpperCase(),
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ user_id: colleague.user.id, role_id: 2, email: colleague.email });
    const [mail] = await t.mailTo(colleague.email);
    expect(mail.subject).toContain(partner.name);
    expect(mail.text).toContain('/c/0/teams');
    const again = await callUser(admin, 'POST', `/api/user/partner/add_member/${partner.id}`, {
      email: colleague.email,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('That person is already a member of this team.');
  });

  it('creates a passwordless user for a new address, whose mailed link sets up sign-in', async () => {
    const { admin, partner } = await team();
    const email = uniqueEmail('newcomer');
    const added = await callUser(admin, 'POST', `/api/user/partner/add_member/${partner.id}`, {
      email,
      first_name: 'Nora',
      family_name: 'New',
      role_id: 1,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Nora New', role_id: 1 });
    const [mail] = await t.mailTo(email);
    const code = mail.text.match(/\/reset-password\/([^\s?]+)/)?.[1] ?? '';
    const password = 'a newcomer password 123';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/public/user/password/reset/',
      payload: { code, password },
    });
    expect(reset.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/credentials',
      headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('finds a user by a verified added address; an unproven one is nobody’s to take', async () => {
    const { admin, partner } = await team();
    const holder = await createUser(t);
    const verified = uniqueEmail('verified');
    const unproven = uniqueEmail('unproven');
    await t.ctx.db.insert(authenticators).values([
      { pubId: randomUUID(), userId: holder.user.id, value: verified, verifiedAt: new Date() },
      { pubId: randomUUID(), userId: holder.user.id, value: unproven },
    ]);
    const url = `/api/user/partner/add_member/${partner.id}`;
    const byVerified = await callUser(admin, 'POST', url, { email: verified });
    expect(byVerified.status).toBe(201);
    expect(byVerified.body.user_id).toBe(holder.user.id);
    const byUnproven = await callUser(admin, 'POST', url, { email: unproven });
    expect(byUnproven.status).toBe(409);
    expect(byUnproven.body.message).toBe('This email address is already in use.');
  });

  it('refuses a bad address and a non-admin', async () => {
    const { admin, member, partner } = await team();
    const bad = await callUser(admin, 'POST', `/api/user/partner/add_member/${partner.id}`, {
      email: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.email).toBe('Invalid email address');
    const byMember = await callUser(member, 'POST', `/api/user/partner/add_member/${partner.id}`, {
      email: uniqueEmail(),
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe('Only an admin of this team can do that.');
  });

  it('lets admins change another member’s role, never their own, and not as a member', async () => {
    const { admin, member, partner } = await team();
    const url = (userId: number) => `/api/user/partner/${partner.id}/${userId}`;
    expect((await callUser(null, 'PUT', url(member.user.id), { role_id: 1 })).status).toBe(401);
    const byMember = await callUser(member, 'PUT', url(admin.user.id), { role_id: 2 });
    expect(byMember.status).toBe(403);
    const own = await callUser(admin, 'PUT', url(admin.user.id), { role_id: 2 });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot change your own role.');
    expect((await callUser(admin, 'PUT', url(member.user.id), { role_id: 7 })).status).toBe(400);

    const promoted = await callUser(admin, 'PUT', url(member.user.id), { role_id: 1 });
    expect(promoted).toEqual({ status: 200, body: { user_id: member.user.id, role_id: 1 } });
    // Now an admin too, the former member may demote the first admin (changed by other members).
    const demoted = await callUser(member, 'PUT', url(admin.user.id), { role_id: 2 });
    expect(demoted.status).toBe(200);
    expect((await teamOf(admin, partner.id))?.role_id).toBe(2);
  });

  it('removes a member with the spec’s message, keeps the last admin, and refuses members', async () => {
    const { admin, member, partner } = await team();
    const url = (userId: number) => `/api/user/partner/${partner.id}/${userId}`;
    expect((await callUser(member, 'DELETE', url(admin.user.id))).status).toBe(403);
    const last = await callUser(admin, 'DELETE', url(admin.user.id));
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('A team needs at least one admin.');
    const removed = await callUser(admin, 'DELETE', url(member.user.id));
    expect(removed).toEqual({ status: 200, body: { message: 'Member removed from partner group.' } });
    expect(await teamOf(member, partner.id)).toBeUndefined();
    expect((await callUser(admin, 'DELETE', url(member.user.id))).status).toBe(404);
  });

  it('keeps the members of partner A away from partner B', async () => {
    const a = await team();
    const b = await team();
    const outsider = a.admin;
    const tries = [
      ['POST', `/api/user/partner/add_member/${b.partner.id}`, { email: uniqueEmail() }],
      ['PUT', `/api/user/partner/${b.partner.id}/${b.member.user.id}`, { role_id: 1 }],
      ['DELETE', `/api/user/partner/${b.partner.id}/${b.member.user.id}`],
      ['DELETE', `/api/user/partner/remove_account/${b.partner.id}/${b.client.account!.id}`],
      ['GET', `/api/user/partner/${b.partner.id}/brand`],
      [
        'PUT',
        `/api/user/partner/${b.partner.id}/brand`,
        {
          hostname: 'evil.example.com',
          display_name: 'E',
          legal_name: 'E',
          web_base_url: 'https://e.example',
        },
      ],
      // B's people named under A's id: not A's members or clients.
      ['PUT', `/api/user/partner/${a.partner.id}/${b.member.user.id}`, { role_id: 1 }],
      ['DELETE', `/api/user/partner/${a.partner.id}/${b.member.user.id}`],
      ['DELETE', `/api/user/partner/remove_account/${a.partner.id}/${b.client.account!.id}`],
    ] as const;
    for (const [method, url, body] of tries) {
      const res = await callUser(outsider, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const intact = await teamOf(b.admin, b.partner.id);
    expect(((intact?.members as Json[] | undefined) ?? []).map((m) => m.role_id)).toEqual([1, 2]);
    expect(intact?.accounts).toHaveLength(1);
  });
});

describe('client workspaces', () => {
  it('looks a code up publicly: the name only, 404 otherwise', async () => {
    const { partner } = await team();
    const found = await callUser(null, 'GET', `/api/public/partner/code/${partner.code.toLowerCase()}`);
    expect(found).toEqual({ status: 200, body: { name: partner.name } });
    const missing = await callUser(null, 'GET', '/api/public/partner/code/NO-SUCH-CODE');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No partner has that code.');
  });

  it('connects a workspace by code (admins only), lists it, and disconnects it', async () => {
    const { admin, partner } = await team();
    const owner = await signedIn(t);
    const colleague = await signedIn(t, { company: null });
    expect((await callAccount(null, 'POST', `/api/account/admin/partner/${partner.code}`)).status).toBe(401);
    const unknown = await callAccount(owner, 'POST', '/api/account/admin/partner/NOPE');
    expect(unknown.status).toBe(404);

    // A member who is not an admin of the workspace may not connect it.
    await t.ctx.db
      .insert(memberships)
      .values({ accountId: owner.account!.id, userId: colleague.user.id, isAdmin: false });
    const colleagueAccess = await accessToken(t, colleague.idToken, owner.account!.id);
    const asColleague = { ...colleague, accountBearer: `Bearer ${colleagueAccess}` };
    expect(
      (await callAccount(asColleague, 'POST', `/api/account/admin/partner/${partner.code}`)).status,
    ).toBe(403);

    const connected = await callAccount(owner, 'POST', `/api/account/admin/partner/${partner.code}`);
    expect(connected.status).toBe(200);
    expect(connected.body.message).toBe('Partner Connected');
    expect(connected.body.partner).toMatchObject({ partner_id: partner.id, name: partner.name });
    // Connecting again changes nothing.
    expect((await callAccount(owner, 'POST', `/api/account/admin/partner/${partner.code}`)).status).toBe(200);
    const listed = await callAccount(asColleague, 'GET', '/api/account/partner');
    expect(listed.body).toEqual([
      {
        partner_id: partner.id,
        name: partner.name,
        slug: partner.slug,
        // The code lets anyone connect a workspace to the partner: only those who may, see it.
        code: null,
        partner_covers_credits: false,
        partner_covers_fees: false,
        partner_excludes_fees: false,
        stripe_domain: null,
        connected_at: expect.any(String),
      },
    ]);
    const asOwner = await callAccount(owner, 'GET', '/api/account/partner');
    expect(asOwner.body[0].code).toBe(partner.code);
    const clients = (await teamOf(admin, partner.id))?.accounts as Json[];
    expect(clients.map((c) => c.id)).toContain(owner.account!.id);

    const gone = await callAccount(owner, 'DELETE', `/api/account/admin/partner/${partner.code}`);
    expect(gone.status).toBe(204);
    expect((await callAccount(owner, 'GET', '/api/account/partner')).body).toEqual([]);
    expect((await callAccount(owner, 'DELETE', `/api/account/admin/partner/${partner.code}`)).status).toBe(
      404,
    );
    // Connected once (the second call changed nothing), then disconnected: both audited.
    const audited = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.accountId, owner.account!.id))
      .orderBy(auditLog.id);
    expect(audited.map((row) => [row.action, row.actorUserId, row.target.partner_id])).toEqual([
      ['partner_connected', owner.user.id, partner.id],
      ['partner_disconnected', owner.user.id, partner.id],
    ]);
  });

  it('refuses a restricted (role 3) workspace', async () => {
    const { partner } = await team();
    const owner = await signedIn(t);
    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, owner.account!.id));
    const access = await accessToken(t, owner.idToken, owner.account!.id);
    const restricted = { ...owner, accountBearer: `Bearer ${access}` };
    const res = await callAccount(restricted, 'POST', `/api/account/admin/partner/${partner.code}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This workspace cannot be connected to a partner.');
  });

  it('lets a partner admin disconnect a client, not a member', async () => {
    const { admin, member, client, partner } = await team();
    const url = `/api/user/partner/remove_account/${partner.id}/${client.account!.id}`;
    expect((await callUser(member, 'DELETE', url)).status).toBe(403);
    expect((await callUser(admin, 'DELETE', url)).status).toBe(204);
    expect((await teamOf(admin, partner.id))?.accounts).toEqual([]);
    expect((await callAccount(client, 'GET', '/api/account/partner')).body).toEqual([]);
  });
});

describe('partner slug (feature 1583) and the partners claim', () => {
  const slugs = (features: Json[]) =>
    features.filter((f) => f.feature_type_id === 1583).map((f) => f.value as string);

  it('come from a real connection only, never from a stored feature, and go with a disconnect', async () => {
    const { partner } = await team();
    const owner = await signedIn(t);
    const accountId = owner.account!.id;
    // A feature row a user might have slipped in (createAccount refuses it; say an old import did not).
    await t.ctx.db.insert(accountFeatures).values({ accountId, featureTypeId: 1583, value: 'forged' });
    const claimsNow = async () => decodeJwt(await accessToken(t, owner.idToken, accountId));
    const meNow = async () => {
      const access = await accessToken(t, owner.idToken, accountId);
      return (await callAccount({ ...owner, accountBearer: `Bearer ${access}` }, 'GET', '/api/account/me'))
        .body;
    };
    const listed = async () =>
      ((await callUser(owner, 'GET', '/api/user/accounts')).body as Json[]).find((a) => a.id === accountId);

    expect((await claimsNow()).partners).toEqual([]);
    expect(slugs((await meNow()).account.features)).toEqual([]);
    expect(slugs((await listed())?.features)).toEqual([]);
    expect((await listed())?.features).toContainEqual({ feature_type_id: 881, value: 'For-profit Company' });

    await callAccount(owner, 'POST', `/api/account/admin/partner/${partner.code}`);
    expect((await claimsNow()).partners).toEqual([partner.slug]);
    expect(slugs((await meNow()).account.features)).toEqual([partner.slug]);
    expect(slugs((await listed())?.features)).toEqual([partner.slug]);

    await callAccount(owner, 'DELETE', `/api/account/admin/partner/${partner.code}`);
    expect((await claimsNow()).partners).toEqual([]);
    // The same token, asked again: the workspace's features are read afresh after the write.
    expect(slugs((await callAccount(owner, 'GET', '/api/account/me')).body.account.features)).toEqual([]);
    expect(slugs((await listed())?.features)).toEqual([]);
  });

  it('are not made by joining a team: membership is not a connection', async () => {
    const { admin } = await team();
    expect((await claimsNow(admin)).partners).toEqual([]);
  });

  const claimsNow = async (who: SignedIn) => decodeJwt(await accessToken(t, who.idToken, who.account!.id));
});

describe('partner brand', () => {
  const brandBody = (hostname: string) => ({
    hostname,
    display_name: 'Acme Counsel',
    legal_name: 'Acme Counsel LLP',
    logo_url: 'https://acme.example/logo.png',
    support_email: 'help@acme.example',
    web_base_url: `https://${hostname}/`,
    assets: { stripe_domain: 'acme.example', title: 'Acme', thumbnail: '' },
  });

  /** Staff connect a brand's hostname and web address (the staff console); here, a row. */
  async function brandOf(partnerId: number) {
    const host = `acme-${partnerId}.example.com`;
    const [brand] = await t.ctx.db
      .insert(brands)
      .values({ hostname: host, displayName: 'Acme', legalName: 'Acme LLP', webBaseUrl: `https://${host}` })
      .returning();
    await t.ctx.db.update(partners).set({ brandId: brand.id }).where(eq(partners.id, partnerId));
    return host;
  }

  it("is kept by the team's admins, who may not move its hostname or web address", async () => {
    const { admin, member, partner } = await team();
    const url = `/api/user/partner/${partner.id}/brand`;
    expect((await callUser(admin, 'GET', url)).body).toEqual({ brand: null });
    expect((await callUser(member, 'GET', url)).status).toBe(403);
    // No brand yet: support sets one up (its hostname and where its emailed links point).
    const early = await callUser(admin, 'PUT', url, brandBody('mine.example.com'));
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(PARTNER_BRAND_NOT_SET_UP);
    expect(await t.ctx.db.select().from(brands).where(eq(brands.hostname, 'mine.example.com'))).toEqual([]);

    const host = await brandOf(partner.id);
    expect((await callUser(member, 'PUT', url, brandBody(host))).status).toBe(403);
    // A hostname and web address of the partner's choosing are ignored: password and signing links
    // mailed under this brand must not point at a domain a partner picked.
    const saved = await callUser(admin, 'PUT', url, {
      ...brandBody('evil.example.com'),
      web_base_url: 'https://evil.example.com',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.brand).toMatchObject({
      hostname: host,
      display_name: 'Acme Counsel',
      web_base_url: `https://${host}`,
      assets: { stripe_domain: 'acme.example', title: 'Acme' },
    });
    expect(saved.body.brand.assets).not.toHaveProperty('thumbnail');
    const byHost = await t.app.inject({ url: '/api/public/brand', headers: { host } });
    expect(byHost.json()).toMatchObject({ display_name: 'Acme Counsel', support_email: 'help@acme.example' });
    const evil = await t.app.inject({ url: '/api/public/brand', headers: { host: 'evil.example.com' } });
    expect(evil.json().display_name).not.toBe('Acme Counsel');
  });

  it('checks each field', async () => {
    const { admin, partner } = await team();
    const host = await brandOf(partner.id);
    const res = await callUser(admin, 'PUT', `/api/user/partner/${partner.id}/brand`, {
      ...brandBody(host),
      support_email: 'nope',
      logo_url: '//elsewhere.example/logo.png',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      support_email: 'Invalid email address',
      logo_url: 'Enter a web address starting with https://',
    });
    // A logo served by this server (as the seeded brands' are) is fine.
    const local = await callUser(admin, 'PUT', `/api/user/partner/${partner.id}/brand`, {
      ...brandBody(host),
      logo_url: '/brand/northwind-logo.svg',
    });
    expect(local.status).toBe(200);
  });
});

describe('profile and counsel', () => {
  it('lists the user’s teams and the partners’ people serving their workspaces', async () => {
    const { admin, member, client, partner } = await team();
    const profile = (await callUser(member, 'GET', '/api/user/settings/profile')).body;
    expect(profile.partners).toEqual([
      { partner_id: partner.id, name: partner.name, slug: partner.slug, role_id: 2 },
    ]);
    expect(profile.teams).toEqual([{ id: partner.id, name: partner.name, role_id: 2 }]);

    const clientProfile = (await callUser(client, 'GET', '/api/user/settings/profile')).body;
    expect(clientProfile.partners).toEqual([]);
    const counsels = clientProfile.counsels as Json[];
    expect(counsels.map((c) => c.user_id).sort()).toEqual([admin.user.id, member.user.id].sort());
    expect(counsels.every((c) => c.partner_id === partner.id && c.partner_name === partner.name)).toBe(true);

    const options = (await callAccount(client, 'GET', '/api/account/counsel')).body;
    expect(options.partners).toHaveLength(1);
    expect(options.partners[0]).toMatchObject({ id: partner.id, name: partner.name });
    expect((options.partners[0].users as Json[]).map((u) => u.id).sort()).toEqual(
      [admin.user.id, member.user.id].sort(),
    );
    // A member who leaves the team stops being offered.
    await t.ctx.db.delete(partnerMembers).where(eq(partnerMembers.userId, member.user.id));
    const after = (await callAccount(client, 'GET', '/api/account/counsel')).body;
    expect((after.partners[0].users as Json[]).map((u) => u.id)).toEqual([admin.user.id]);
  });
});

describe('workflow roles (counsel) for partner people', () => {
  it('lets a connected partner’s people hold a role in the client’s project, nobody else’s', async () => {
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-modules'));
    const { admin, member, client, partner } = await team();
    const other = await team();
    const project = await callAccount(
      client,
      'POST',
      '/api/account/project_template/test-module-two/create',
      {},
    );
    expect(project.status).toBe(201);
    const url = `/api/account/project/${project.body.id}/counsel`;
    const stranger = await callAccount(client, 'POST', url, {
      counsel_type: 'Attorney',
      user_id: other.member.user.id,
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Choose a member of this workspace.');
    const added = await callAccount(client, 'POST', url, {
      counsel_type: 'Attorney',
      user_id: member.user.id,
    });
    expect(added.status).toBe(201);
    // A partner's person is no member of the workspace: named by their account (members by what they accepted).
    expect(added.body).toMatchObject({
      counsel_type: 'Attorney',
      user: { id: member.user.id, email: member.email, full_name: 'Test User' },
    });

    // Roles go with the people who may no longer hold them; the workspace's own stay.
    for (const who of [admin, client]) {
      const res = await callAccount(client, 'POST', url, { counsel_type: 'Investor', user_id: who.user.id });
      expect(res.status).toBe(201);
    }
    const holders = async () =>
      (
        await t.ctx.db
          .select({ userId: projectCounsel.userId })
          .from(projectCounsel)
          .where(eq(projectCounsel.projectId, project.body.id))
      )
        .map((row) => row.userId)
        .sort((a, b) => a - b);
    expect(
      (await callUser(admin, 'DELETE', `/api/user/partner/${partner.id}/${member.user.id}`)).status,
    ).toBe(200);
    expect(await holders()).toEqual([admin.user.id, client.user.id].sort((a, b) => a - b));
    const gone = await callAccount(client, 'DELETE', `/api/account/admin/partner/${partner.code}`);
    expect(gone.status).toBe(204);
    expect(await holders()).toEqual([client.user.id]);
  });
});
