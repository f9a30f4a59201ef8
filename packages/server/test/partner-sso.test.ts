import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, oidcIdentities, partnerMembers, partners, users } from '../src/db/schema/index.ts';
import { createUser, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { signInAtOidcProvider, startOidcProvider } from './support/oidc-provider.ts';

/** The partner's brand host, where its login page shows the partner's button. */
const HOST = 'crm.localhost:3000';
const OTHER_HOST = 'other.localhost:3000';
const SLUG = 'crm-partner';
const PARTNER_CALLBACK = `http://crm.localhost:3000/api/authn/oidc/partner/${SLUG}/callback`;
const AUTH = `/api/authn/oidc/partner/${SLUG}/auth`;
const SECRET = `partner-secret-${randomUUID()}`;
const GOOGLE_CALLBACK = 'http://localhost:3000/api/authn/oidc/accounts.google.com/callback';

let t: TestApp;
let google: Awaited<ReturnType<typeof startOidcProvider>>;
let crm: Awaited<ReturnType<typeof startOidcProvider>>;
let partnerId: number;
let otherPartnerId: number;
let admin: SignedIn;
let member: SignedIn;

async function addBrand(hostname: string) {
  const [brand] = await t.ctx.db
    .insert(brands)
    .values({ hostname, displayName: hostname, legalName: hostname, webBaseUrl: `http://${hostname}:3000` })
    .returning();
  return brand;
}

beforeAll(async () => {
  google = await startOidcProvider({
    id: 'google-client',
    secret: 'google-secret',
    redirectUris: [GOOGLE_CALLBACK],
  });
  crm = await startOidcProvider({ id: 'crm-client', secret: SECRET, redirectUris: [PARTNER_CALLBACK] });
  t = await createTestApp({
    google: { clientId: 'google-client', clientSecret: 'google-secret', issuer: google.issuer },
  });
  const brand = await addBrand('crm.localhost');
  const other = await addBrand('other.localhost');
  [{ id: partnerId }] = await t.ctx.db
    .insert(partners)
    .values({ name: 'Acme Counsel', slug: SLUG, code: 'ACMECRM', brandId: brand.id })
    .returning();
  [{ id: otherPartnerId }] = await t.ctx.db
    .insert(partners)
    .values({ name: 'Other Firm', slug: 'other-firm', code: 'OTHERFIRM', brandId: other.id })
    .returning();
  admin = await signedIn(t, { company: null });
  member = await signedIn(t, { company: null });
  await t.ctx.db.insert(partnerMembers).values([
    { partnerId, userId: admin.user.id, roleId: 1 },
    { partnerId, userId: member.user.id, roleId: 2 },
  ]);
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await crm?.close();
});

const settingsUrl = (id = partnerId) => `/api/user/partner/${id}/sso`;

async function call(who: SignedIn | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    payload,
    headers: who ? { authorization: who.bearer } : {},
  });
  // The secret leaves the server in no answer, ever.
  expect(res.body).not.toContain(SECRET);
  return { status: res.statusCode, body: res.json() };
}

const configure = (who: SignedIn, body: Record<string, unknown> = {}) =>
  call(who, 'PUT', settingsUrl(), {
    issuer: crm.issuer,
    client_id: 'crm-client',
    client_secret: SECRET,
    label: 'Sign in with Acme CRM',
    ...body,
  });

const providersAt = async (host: string) =>
  (await t.app.inject({ url: '/api/public/auth/providers', headers: { host } })).json();

const partnerRow = async () => (await t.ctx.db.select().from(partners).where(eq(partners.id, partnerId)))[0];

/** Our /auth on `host`, the provider's forms, our /callback on `host`. */
async function partnerSignIn(login: string, redirect = '/rooms') {
  const start = await t.app.inject({
    url: `${AUTH}?redirect=${encodeURIComponent(redirect)}`,
    headers: { host: HOST },
  });
  expect(start.statusCode).toBe(302);
  const state = start.cookies.find((c) => c.name === 'charter_oidc')?.value ?? '';
  const back = new URL(await signInAtOidcProvider(String(start.headers.location), login, PARTNER_CALLBACK));
  return t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { host: HOST },
    cookies: { charter_oidc: state },
  });
}

const sessionOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'charter_session')?.value;

async function idTokenFor(cookie: string | undefined) {
  expect(cookie).toBeTruthy();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authn/session/id_token',
    cookies: { charter_session: cookie ?? '' },
  });
  expect(res.statusCode).toBe(200);
  return decodeJwt((res.json() as { id_token: string }).id_token);
}

const identitiesOf = (subject: string) =>
  t.ctx.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, subject));

describe('partner SSO settings: GET, PUT and DELETE /api/user/partner/{partnerId}/sso', () => {
  it('requires a signed-in user (401)', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const body = method === 'PUT' ? { issuer: crm.issuer, client_id: 'crm-client' } : undefined;
      expect((await call(null, method, settingsUrl(), body)).status).toBe(401);
    }
  });

  it('answers 404 to someone off the team and 403 to a team member who is not an admin; nothing saved', async () => {
    const outsider = await signedIn(t, { company: null });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(outsider, method, settingsUrl(), {
        issuer: crm.issuer,
        client_id: 'crm-client',
        client_secret: SECRET,
      });
      expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Partner not found' } });
      const refused = await call(member, method, settingsUrl(), {
        issuer: crm.issuer,
        client_id: 'crm-client',
        client_secret: SECRET,
      });
      expect(refused).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: "Only the partner's admins can configure single sign-on" },
      });
    }
    expect((await call(admin, 'GET', settingsUrl(999_999))).status).toBe(404);
    expect((await partnerRow()).oidcIssuer).toBeNull();
  });

  it('refuses a bad issuer with a clear message, saving nothing', async () => {
    const notUrl = await configure(admin, { issuer: 'crm.example' });
    expect(notUrl).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', fields: { issuer: 'Issuer must be an https URL' } },
    });
    const plainHttp = await configure(admin, { issuer: 'http://crm.example' });
    expect(plainHttp.body.fields).toEqual({ issuer: 'Issuer must be an https URL' });
    const nobody = await configure(admin, { issuer: 'http://127.0.0.1:1' });
    expect(nobody).toMatchObject({
      status: 400,
      body: {
        fields: { issuer: 'Could not read the OpenID configuration of http://127.0.0.1:1 with this client' },
      },
    });
    // A discovery document for another issuer (a typo in the path) is refused too.
    const wrongPath = await configure(admin, { issuer: `${crm.issuer}/other` });
    expect(wrongPath.status).toBe(400);
    const noSecret = await configure(admin, { client_secret: undefined });
    expect(noSecret.body.fields).toEqual({ client_secret: 'Client secret is required' });
    const blank = await configure(admin, { client_id: ' ' });
    expect(blank.body.fields).toEqual({ client_id: 'Client ID is required' });
    expect(await partnerRow()).toMatchObject({
      oidcIssuer: null,
      oidcClientId: null,
      oidcClientSecret: null,
    });
  });

  it('refuses an issuer whose discovery document sends the server to a private address, saving nothing', async () => {
    // A real issuer's document with its token endpoint moved to the cloud metadata address.
    const discovery = await fetch(`${crm.issuer}/.well-known/openid-configuration`);
    const document = (await discovery.json()) as Record<string, unknown>;
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ...document, issuer, token_endpoint: 'http://169.254.169.254/latest' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const refused = await configure(admin, { issuer });
      expect(refused).toMatchObject({
        status: 400,
        body: {
          fields: {
            issuer: `The OpenID configuration of ${issuer} names an endpoint that is not a public https address`,
          },
        },
      });
      expect((await partnerRow()).oidcIssuer).toBeNull();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('lets a partner admin configure it; the secret is write-only and kept when omitted; audited without it', async () => {
    const saved = await configure(admin, { label: null });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        partner_id: partnerId,
        issuer: crm.issuer,
        client_id: 'crm-client',
        has_client_secret: true,
        label: null,
        button_label: 'Sign in with Acme Counsel',
        redirect_uri: PARTNER_CALLBACK,
        configured: true,
        abilities: { update: true, delete: true },
      },
    });
    expect(saved.body).not.toHaveProperty('client_secret');
    const relabelled = await configure(admin, { client_secret: undefined, label: 'Sign in with Acme CRM' });
    expect(relabelled.body).toMatchObject({ label: 'Sign in with Acme CRM', has_client_secret: true });
    expect((await partnerRow()).oidcClientSecret).toBe(SECRET);
    expect((await call(admin, 'GET', settingsUrl())).body).toEqual(relabelled.body);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'partner_sso_configured'), eq(auditLog.actorUserId, admin.user.id)));
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.target.client_secret_changed)).toEqual([true, false]);
    expect(JSON.stringify(audits)).not.toContain(SECRET);
  });

  it("lets staff read, configure and clear any partner's, without joining its team", async () => {
    const staff = await signedIn(t, { company: null, staff: true });
    const res = await call(staff, 'GET', settingsUrl(otherPartnerId));
    expect(res).toMatchObject({ status: 200, body: { configured: false, has_client_secret: false } });
    const body = { issuer: crm.issuer, client_id: 'crm-client', client_secret: SECRET };
    const saved = await call(staff, 'PUT', settingsUrl(otherPartnerId), body);
    expect(saved).toMatchObject({
      status: 200,
      body: {
        configured: true,
        redirect_uri: 'http://other.localhost:3000/api/authn/oidc/partner/other-firm/callback',
      },
    });
    expect((await call(staff, 'DELETE', settingsUrl(otherPartnerId))).body.configured).toBe(false);
    const staffTeams = await t.ctx.db
      .select()
      .from(partnerMembers)
      .where(eq(partnerMembers.userId, staff.user.id));
    expect(staffTeams).toEqual([]);
  });
  it('lets staff acting as an admin by remote login look, not change', async () => {
    const staff = await signedIn(t, { staff: true });
    const admin2 = await signedIn(t);
    await t.ctx.db.insert(partnerMembers).values({ partnerId, userId: admin2.user.id, roleId: 1 });
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/remote',
      headers: { authorization: staff.bearer },
      payload: { user_id: admin2.user.id, account_id: admin2.account?.id, reason: 'Support ticket 42' },
    });
    expect(remote.statusCode).toBe(200);
    const as = { ...admin2, bearer: `Bearer ${remote.json().id_token}` };
    const seen = await call(as, 'GET', settingsUrl());
    expect(seen).toMatchObject({ status: 200, body: { abilities: { update: false, delete: false } } });
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(as, method, settingsUrl(), { issuer: crm.issuer, client_id: 'other-client' });
      expect(res).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Staff acting as this user cannot change single sign-on' },
      });
    }
    await t.ctx.db
      .delete(partnerMembers)
      .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, admin2.user.id)));
  });
});

describe('the login page on the partner host: GET /api/public/auth/providers', () => {
  it("announces the partner's button only on the partner's brand host", async () => {
    await configure(admin);
    expect(await providersAt(HOST)).toEqual({
      google: true,
      partner: {
        label: 'Sign in with Acme CRM',
        url: AUTH,
        link_url: `/api/user/oidc/partner/${SLUG}/link`,
      },
    });
    expect(await providersAt('localhost:3000')).toEqual({ google: true });
    expect(await providersAt(OTHER_HOST)).toEqual({ google: true });
  });
});

describe('GET /api/authn/oidc/partner/{slug}/auth and callback', () => {
  it('answers 404 on another Host, on the default host, and for a partner without SSO', async () => {
    await configure(admin);
    for (const host of [OTHER_HOST, 'localhost:3000', 'evil.example']) {
      const res = await t.app.inject({ url: AUTH, headers: { host } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Sign-in with this partner is not available here',
      });
      const back = await t.app.inject({ url: `/api/authn/oidc/partner/${SLUG}/callback`, headers: { host } });
      expect(back.statusCode).toBe(404);
    }
    const unconfigured = await t.app.inject({
      url: '/api/authn/oidc/partner/other-firm/auth',
      headers: { host: OTHER_HOST },
    });
    expect(unconfigured.statusCode).toBe(404);
    const unknown = await t.app.inject({
      url: '/api/authn/oidc/partner/nobody/auth',
      headers: { host: HOST },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("signs a new person in on the partner's host, unconfirmed, without making them a partner member", async () => {
    await configure(admin);
    const person = crm.person();
    const res = await partnerSignIn(person.login, '/rooms?tab=files');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?oidc=1&redirect=${encodeURIComponent('/rooms?tab=files')}`);
    const claims = await idTokenFor(sessionOf(res));
    // The partner's issuer vouches for its people, not for addresses on the platform.
    expect(claims).toMatchObject({ email: person.email, first_name: 'Grace', email_verified: false });
    expect(await identitiesOf(person.login)).toMatchObject([
      { issuer: crm.issuer, userId: Number(claims.sub) },
    ]);
    const teams = await t.ctx.db
      .select()
      .from(partnerMembers)
      .where(eq(partnerMembers.userId, Number(claims.sub)));
    expect(teams).toEqual([]);
    // Again: the same user, by (issuer, subject).
    const again = await idTokenFor(sessionOf(await partnerSignIn(person.login)));
    expect(again.sub).toBe(claims.sub);
  });

  it('never signs in as an existing account by email — its own team member, someone else or staff — recording nothing', async () => {
    await configure(admin);
    // A partner's admins choose its issuer and whom its team lists (without their consent): were its word
    // on an address enough, they could sign in as anyone they add to the team.
    const outsider = await createUser(t);
    const staff = await createUser(t, { staff: true });
    for (const email of [member.email.toUpperCase(), outsider.email, staff.email]) {
      const person = crm.person({ email });
      const res = await partnerSignIn(person.login);
      expect(res.headers.location).toBe('/login?oidc_error=email_in_use');
      expect(sessionOf(res)).toBeUndefined();
      expect(await identitiesOf(person.login)).toEqual([]);
    }
  });

  /** POST …/link as `who` (their bearer), the provider's forms as `login`, our callback with `cookie`. */
  async function link(who: SignedIn, login: string, cookie = who.cookie, bearer = who.bearer) {
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/user/oidc/partner/${SLUG}/link`,
      headers: { host: HOST, authorization: bearer },
      payload: { redirect: '/c/0/user-settings/profile' },
    });
    if (start.statusCode !== 200) return { start, back: null };
    const state = start.cookies.find((c) => c.name === 'charter_oidc')?.value ?? '';
    const url = new URL(await signInAtOidcProvider(start.json().url, login, PARTNER_CALLBACK));
    const back = await t.app.inject({
      url: `${url.pathname}${url.search}`,
      headers: { host: HOST },
      cookies: { charter_oidc: state, charter_session: cookie },
    });
    return { start, back };
  }

  it("lets the partner's own people link their account to its sign-in, which then signs them in", async () => {
    await configure(admin);
    const person = crm.person({ email: `elsewhere-${randomUUID().slice(0, 6)}@crm.example` });
    const { back } = await link(member, person.login);
    expect(back?.headers.location).toBe('/c/0/user-settings/profile?oidc_linked=1');
    expect(sessionOf(back!)).toBeUndefined();
    expect(await identitiesOf(person.login)).toMatchObject([{ issuer: crm.issuer, userId: member.user.id }]);
    // Signing in with the CRM now reaches the member, by the linked identity (not by any address).
    const claims = await idTokenFor(sessionOf(await partnerSignIn(person.login)));
    expect(claims.sub).toBe(String(member.user.id));

    // That identity is the member's: nobody else links it.
    const other = await signedIn(t, { company: null });
    await t.ctx.db.insert(partnerMembers).values({ partnerId, userId: other.user.id, roleId: 2 });
    const taken = await link(other, person.login);
    expect(taken.back?.headers.location).toBe('/c/0/user-settings/profile?oidc_error=identity_in_use');
    expect(await identitiesOf(person.login)).toMatchObject([{ userId: member.user.id }]);

    // Once they leave the team, the partner's CRM no longer opens their account.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/partner/${partnerId}/${other.user.id}`,
      headers: { authorization: admin.bearer },
    });
    expect(removed.statusCode).toBe(200);
    const leaver = crm.person();
    expect((await link(member, leaver.login)).back?.headers.location).toContain('oidc_linked=1');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/user/partner/${partnerId}/${member.user.id}`,
      headers: { authorization: admin.bearer },
    });
    expect(await identitiesOf(leaver.login)).toEqual([]);
    expect(await identitiesOf(person.login)).toEqual([]);
    // Signing in with it now is someone new to the platform, not the former member.
    const after = await idTokenFor(sessionOf(await partnerSignIn(leaver.login)));
    expect(after.sub).not.toBe(String(member.user.id));
  });

  it('links only for the session that asked, never for staff acting as the user, nor for people off the team', async () => {
    await configure(admin);
    // Someone off the team.
    const outsider = await signedIn(t, { company: null });
    const refused = await link(outsider, crm.person().login);
    expect(refused.start.statusCode).toBe(403);
    // The callback reached with another session's cookie (a browser the link was not started in).
    const person = crm.person();
    const stranger = await signedIn(t, { company: null });
    const crossed = await link(admin, person.login, stranger.cookie);
    expect(crossed.back?.headers.location).toBe('/c/0/user-settings/profile?oidc_error=state');
    expect(await identitiesOf(person.login)).toEqual([]);
    // Staff acting as a team member by remote login.
    const staff = await signedIn(t, { staff: true, company: null });
    const owned = await signedIn(t);
    await t.ctx.db.insert(partnerMembers).values({ partnerId, userId: owned.user.id, roleId: 2 });
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/remote',
      headers: { authorization: staff.bearer },
      payload: {
        user_id: owned.user.id,
        account_id: owned.account!.id,
        reason: 'Ticket 12: sign-in trouble',
      },
    });
    const acting = await link(owned, crm.person().login, owned.cookie, `Bearer ${remote.json().id_token}`);
    expect(acting.start.statusCode).toBe(403);
  });

  it('refuses an unverified email that belongs to an existing account, like Google', async () => {
    await configure(admin);
    const person = crm.person({ email: member.email, email_verified: false });
    const res = await partnerSignIn(person.login);
    expect(res.headers.location).toBe('/login?oidc_error=email_unverified');
    expect(sessionOf(res)).toBeUndefined();
  });

  it("does not accept Google's state cookie at the partner's callback", async () => {
    await configure(admin);
    const person = crm.person();
    const googleStart = await t.app.inject('/api/authn/oidc/accounts.google.com/auth');
    const googleState = googleStart.cookies.find((c) => c.name === 'charter_oidc')?.value ?? '';
    const start = await t.app.inject({ url: AUTH, headers: { host: HOST } });
    const back = new URL(
      await signInAtOidcProvider(String(start.headers.location), person.login, PARTNER_CALLBACK),
    );
    const res = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { host: HOST },
      cookies: { charter_oidc: googleState },
    });
    expect(res.headers.location).toBe('/login?oidc_error=state');
  });

  it('stops at once when an admin clears it (DELETE), audited', async () => {
    await configure(admin);
    const cleared = await call(admin, 'DELETE', settingsUrl());
    expect(cleared.body).toMatchObject({
      issuer: null,
      client_id: null,
      has_client_secret: false,
      configured: false,
    });
    expect((await t.app.inject({ url: AUTH, headers: { host: HOST } })).statusCode).toBe(404);
    expect(await providersAt(HOST)).toEqual({ google: true });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'partner_sso_cleared'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({ actorUserId: admin.user.id, target: { partner_id: partnerId } });
    await configure(admin);
  });
});

describe('Google beside a partner issuer', () => {
  it('still signs in with Google on the default host', async () => {
    await configure(admin);
    const person = google.person();
    const start = await t.app.inject('/api/authn/oidc/accounts.google.com/auth?redirect=%2F');
    const state = start.cookies.find((c) => c.name === 'charter_oidc')?.value ?? '';
    const back = new URL(
      await signInAtOidcProvider(String(start.headers.location), person.login, GOOGLE_CALLBACK),
    );
    const res = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      cookies: { charter_oidc: state },
    });
    expect(res.headers.location).toBe('/login?oidc=1&redirect=%2F');
    const claims = await idTokenFor(sessionOf(res));
    expect(claims).toMatchObject({ email: person.email, email_verified: true });
    const [user] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, Number(claims.sub)));
    expect(user.emailVerifiedAt).not.toBeNull();
  });
});
