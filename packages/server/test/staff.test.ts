import { randomUUID } from 'node:crypto';
import {
  BRAND_HOSTNAME_INVALID,
  BRAND_HOSTNAME_TAKEN,
  BRAND_URL_INVALID,
  PARTNER_ROLE,
  REMOTE_LOGIN_REASON_MAX,
  REMOTE_LOGIN_REASON_REQUIRED,
  STAFF_ONLY,
} from '@charter/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  authenticators,
  jobs,
  memberships,
  partnerMembers,
  users,
} from '../src/db/schema/index.ts';
import { IMPERSONATOR_CANNOT_CHANGE_SIGN_IN } from '../src/modules/profile/policies.ts';
import { NO_SUCH_USER } from '../src/modules/staff/add-partner-member.ts';
import { BRAND_TAKEN, slugTaken } from '../src/modules/staff/partner-fields.ts';
import { ONLY_FAILED_OR_STUCK, RETRY_ATTEMPTS } from '../src/modules/staff/retry-job.ts';
import { PASSWORD, type SignedIn, signedIn, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let staff: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedIn(t, { staff: true });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (authorization: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: authorization ? { authorization } : {}, payload });
const asStaff = (method: Method, url: string, payload?: object) => call(staff.bearer, method, url, payload);

const REASON = 'Support ticket 1234: cannot find their documents';

async function remoteLogin(target: SignedIn) {
  const res = await asStaff('POST', '/api/authn/session/remote', {
    user_id: target.user.id,
    account_id: target.account!.id,
    reason: REASON,
  });
  expect(res.statusCode, res.body).toBe(200);
  return `Bearer ${(res.json() as { id_token: string }).id_token}`;
}

const auditRows = (action: string) =>
  t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

const brandBody = (hostname = `${randomUUID().slice(0, 8)}.example.com`) => ({
  hostname,
  display_name: 'Acme Legal',
  legal_name: 'Acme Legal LLP',
  support_email: 'help@acme.example.com',
  logo_url: 'https://acme.example.com/logo.png',
  web_base_url: `https://${hostname}`,
  assets: { title: 'Acme' },
});
const partnerBody = (slug = `firm-${randomUUID().slice(0, 8)}`) => ({
  name: 'Acme Legal',
  slug,
  covers_credits: true,
  covers_fees: false,
  excludes_fees: false,
  stripe_domain: null,
});

describe('every /api/staff route', () => {
  it('answers 401 without a session, 403 to non-staff and to impersonated sessions', async () => {
    await t.app.ready();
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths)
      .filter(([url]) => url.startsWith('/api/staff/'))
      .flatMap(([url, ops]) =>
        Object.keys(ops).map((method) => ({
          method: method.toUpperCase() as Method,
          url: url.replace(/\{\w+\}/g, '1'),
        })),
      );
    expect(routes.length).toBe(15);
    const member = await signedIn(t);
    const impersonated = await remoteLogin(await signedIn(t));
    for (const { method, url } of routes) {
      const name = `${method} ${url}`;
      expect((await call(null, method, url, {})).statusCode, name).toBe(401);
      for (const bearer of [member.bearer, impersonated]) {
        const res = await call(bearer, method, url, {});
        expect(res.statusCode, name).toBe(403);
        expect(res.json(), name).toMatchObject({ code: 'FORBIDDEN', message: STAFF_ONLY });
      }
      const cookie = await t.app.inject({
        method,
        url,
        cookies: { charter_session: member.cookie },
        headers: { 'content-type': 'application/json' },
        payload: {},
      });
      expect(cookie.statusCode, `${name} (cookie)`).toBe(403);
    }
  });
});

describe('finding users and workspaces', () => {
  it('searches users by email, name or id, and shows their workspaces with their roles', async () => {
    const target = await signedIn(t, { email: uniqueEmail('findme') });
    await t.ctx.db
      .update(users)
      .set({ firstName: 'Zebulon', familyName: 'Quartz' })
      .where(eq(users.id, target.user.id));
    const byEmail = await asStaff(
      'GET',
      `/api/staff/users?q=${encodeURIComponent(target.email.toUpperCase())}`,
    );
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toMatchObject({
      total: 1,
      page: 1,
      items: [{ id: target.user.id, email: target.email }],
    });
    const byName = (await asStaff('GET', '/api/staff/users?q=zebulon%20quartz')).json();
    expect(byName.items.map((u: { id: number }) => u.id)).toEqual([target.user.id]);
    const byId = (await asStaff('GET', `/api/staff/users?q=${target.user.id}`)).json();
    expect(byId.items.map((u: { id: number }) => u.id)).toContain(target.user.id);
    // '%' is a character, not a wildcard.
    expect((await asStaff('GET', '/api/staff/users?q=%25%25%25')).json().total).toBe(0);

    // A second workspace where the user is a plain member.
    const other = await signedIn(t);
    await t.ctx.db
      .insert(memberships)
      .values({ accountId: other.account!.id, userId: target.user.id, isAdmin: false });
    const detail = await asStaff('GET', `/api/staff/users/${target.user.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().memberships).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account_id: target.account!.id, is_admin: true, is_owner: true }),
        expect.objectContaining({ account_id: other.account!.id, is_admin: false, is_owner: false }),
      ]),
    );
    expect((await asStaff('GET', '/api/staff/users/2147483000')).statusCode).toBe(404);

    const accounts = (
      await asStaff('GET', `/api/staff/accounts?q=${encodeURIComponent(other.account!.companyName)}`)
    ).json();
    expect(accounts.items).toEqual([
      expect.objectContaining({ id: other.account!.id, member_count: 2, role_id: 1 }),
    ]);
    const account = (await asStaff('GET', `/api/staff/accounts/${other.account!.id}`)).json();
    expect(account.members.map((m: { user_id: number }) => m.user_id).sort()).toEqual(
      [other.user.id, target.user.id].sort(),
    );
    expect((await asStaff('GET', '/api/staff/accounts/2147483000')).statusCode).toBe(404);
  });

  it('pages results', async () => {
    const prefix = `pager${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 27; i++) await signedIn(t, { email: uniqueEmail(prefix), company: null });
    const first = (await asStaff('GET', `/api/staff/users?q=${prefix}`)).json();
    const second = (await asStaff('GET', `/api/staff/users?q=${prefix}&page=2`)).json();
    expect([first.total, first.items.length, second.items.length, first.page_size]).toEqual([27, 25, 2, 25]);
    expect((await asStaff('GET', '/api/staff/users?page=0')).statusCode).toBe(400);
  });
});

describe('restricted (role 3) workspaces: PUT /api/staff/accounts/{id}/restricted', () => {
  it('lets staff make a workspace restricted and ordinary again, audited; its members see it at once', async () => {
    const owner = await signedIn(t);
    const id = owner.account!.id;
    const put = (restricted: unknown, who = staff.bearer, account = id) =>
      call(who, 'PUT', `/api/staff/accounts/${account}/restricted`, { restricted });
    const meRole = async () =>
      (await call(owner.accountBearer, 'GET', '/api/account/me')).json().account.role_id as number;
    expect(await meRole()).toBe(1);

    expect((await put('yes')).statusCode).toBe(400);
    expect((await put(true, staff.bearer, 999_999)).statusCode).toBe(404);
    const denied = await put(true, owner.bearer);
    expect(denied.statusCode).toBe(403);
    expect(await meRole()).toBe(1);

    const made = await put(true);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ id, role_id: 3 });
    expect(await meRole()).toBe(3);
    // The same again changes nothing and records nothing more.
    expect((await put(true)).json().role_id).toBe(3);
    expect((await put(false)).json().role_id).toBe(1);
    expect(await meRole()).toBe(1);
    const rows = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.accountId, id))).filter((r) =>
      r.action.startsWith('account_'),
    );
    expect(rows.map((r) => [r.action, r.actorUserId, r.target])).toEqual([
      ['account_restricted', staff.user.id, { account_id: id, role_id: 3, previous_role_id: 1 }],
      ['account_unrestricted', staff.user.id, { account_id: id, role_id: 1, previous_role_id: 3 }],
    ]);
  });
});

describe('remote login', () => {
  it('needs a reason: missing, blank or too long is refused and nothing is opened', async () => {
    const target = await signedIn(t);
    const base = { user_id: target.user.id, account_id: target.account!.id };
    for (const reason of [undefined, '', '   ', 'x'.repeat(REMOTE_LOGIN_REASON_MAX + 1)]) {
      const res = await asStaff('POST', '/api/authn/session/remote', { ...base, reason });
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().fields.reason).toBeTruthy();
    }
    const missing = await asStaff('POST', '/api/authn/session/remote', base);
    expect(missing.json().message).toBe(REMOTE_LOGIN_REASON_REQUIRED);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'remote_login'),
          sql`${auditLog.target}->>'user_id' = ${String(target.user.id)}`,
        ),
      );
    expect(rows).toEqual([]);
  });

  it('is audited under the staff member, naming the user and workspace and the reason', async () => {
    const target = await signedIn(t);
    const res = await asStaff('POST', '/api/authn/session/remote', {
      user_id: target.user.id,
      account_id: target.account!.id,
      reason: `  ${REASON}  `,
    });
    expect(res.statusCode).toBe(200);
    const audit = await asStaff('GET', `/api/staff/audit?action=remote_login&user_id=${staff.user.id}`);
    expect(audit.statusCode).toBe(200);
    const [entry] = audit.json().items;
    expect(entry).toMatchObject({
      action: 'remote_login',
      actor: { id: staff.user.id, email: staff.email },
      account_id: target.account!.id,
      target: { user_id: target.user.id, account_id: target.account!.id },
      reason: REASON,
    });
    // Newest first.
    const all = (await asStaff('GET', '/api/staff/audit')).json().items as { id: number }[];
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
  });
});

describe('an impersonated session cannot change how the user signs in', () => {
  const routes: [Method, string, (extra: number, extraEmail: string) => object | undefined][] = [
    [
      'PUT',
      '/api/user/settings/password',
      () => ({ current_password: PASSWORD, password: 'another long password' }),
    ],
    ['POST', '/api/user/settings/password/link', () => undefined],
    ['POST', '/api/user/settings/authenticators', () => ({ email: uniqueEmail('staff') })],
    ['PUT', '/api/user/settings/authenticators', (_id, email) => ({ email, password: '123-456' })],
    ['PATCH', '/api/v1/user/authenticators/:id', () => ({ priority: 0 })],
    ['DELETE', '/api/v1/user/authenticators/:id', () => undefined],
  ];
  it.each(routes)('%s %s', async (method, url, payload) => {
    const target = await signedIn(t);
    const [extra] = await t.ctx.db
      .insert(authenticators)
      .values({ pubId: randomUUID(), userId: target.user.id, value: uniqueEmail('extra') })
      .returning();
    const bearer = await remoteLogin(target);
    const res = await call(
      bearer,
      method,
      url.replace(':id', String(extra.id)),
      payload(extra.id, extra.value),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: IMPERSONATOR_CANNOT_CHANGE_SIGN_IN });
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, target.user.id));
    expect(after.passwordHash).toBe(target.user.passwordHash);
    expect(
      await t.ctx.db.select().from(authenticators).where(eq(authenticators.userId, target.user.id)),
    ).toEqual([extra]);
  });
});

describe('jobs', () => {
  const addJob = async (values: Partial<typeof jobs.$inferInsert>) => {
    const [job] = await t.ctx.db
      .insert(jobs)
      .values({ kind: 'staff-test', payload: {}, ...values })
      .returning();
    return job;
  };

  it('lists failed and stuck jobs and retries them, audited', async () => {
    const failed = await addJob({
      status: 'failed',
      attempts: 8,
      lastError: 'SMTP down',
      finishedAt: new Date(),
    });
    const stuck = await addJob({
      status: 'running',
      attempts: 2,
      lockedAt: new Date(Date.now() - 10 * 60_000),
    });
    const busy = await addJob({ status: 'running', attempts: 1, lockedAt: new Date() });
    const done = await addJob({ status: 'done', attempts: 1 });

    const failedList = (await asStaff('GET', '/api/staff/jobs?status=failed')).json() as { id: number }[];
    expect(failedList.map((j) => j.id)).toContain(failed.id);
    expect(failedList.map((j) => j.id)).not.toContain(stuck.id);
    const stuckList = (await asStaff('GET', '/api/staff/jobs?status=stuck')).json() as { id: number }[];
    expect(stuckList.map((j) => j.id)).toContain(stuck.id);
    expect(stuckList.map((j) => j.id)).not.toContain(busy.id);
    expect((await asStaff('GET', '/api/staff/jobs?status=done')).statusCode).toBe(400);

    for (const job of [failed, stuck]) {
      const res = await asStaff('POST', `/api/staff/jobs/${job.id}/retry`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: job.id,
        status: 'queued',
        attempts: job.attempts,
        locked_at: null,
      });
      const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
      // Attempts only grow (they fence a slow worker's writes); the retry gives more of them.
      expect(row).toMatchObject({
        status: 'queued',
        attempts: job.attempts,
        lockedAt: null,
        finishedAt: null,
      });
      expect(row.maxAttempts).toBe(job.attempts + RETRY_ATTEMPTS);
      expect(row.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    for (const job of [busy, done, failed]) {
      const res = await asStaff('POST', `/api/staff/jobs/${job.id}/retry`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ONLY_FAILED_OR_STUCK);
    }
    expect((await asStaff('POST', '/api/staff/jobs/2147483000/retry')).statusCode).toBe(404);
    const audited = await auditRows('job_retry');
    expect(audited.filter((r) => [failed.id, stuck.id].includes(r.target.job_id as number))).toEqual([
      expect.objectContaining({
        actorUserId: staff.user.id,
        target: expect.objectContaining({ job_id: failed.id, was: 'failed' }),
      }),
      expect.objectContaining({
        actorUserId: staff.user.id,
        target: expect.objectContaining({ job_id: stuck.id, was: 'running' }),
      }),
    ]);
  });
});

describe('brands', () => {
  it('creates, lists and edits brands; a hostname names one brand', async () => {
    const body = brandBody();
    const created = await asStaff('POST', '/api/staff/brands', body);
    expect(created.statusCode, created.body).toBe(201);
    const brand = created.json();
    expect(brand).toMatchObject({
      hostname: body.hostname,
      display_name: 'Acme Legal',
      is_default: false,
      assets: { title: 'Acme' },
    });
    expect((await asStaff('GET', '/api/staff/brands')).json()).toContainEqual(brand);
    // The brand answers by Host at once.
    const pub = await t.app.inject({ url: '/api/public/brand', headers: { host: body.hostname } });
    expect(pub.json().display_name).toBe('Acme Legal');

    const dup = await asStaff('POST', '/api/staff/brands', {
      ...brandBody(),
      hostname: body.hostname.toUpperCase(),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'CONFLICT',
      message: BRAND_HOSTNAME_TAKEN,
      fields: { hostname: BRAND_HOSTNAME_TAKEN },
    });

    for (const [field, value, message] of [
      ['hostname', 'not a host', BRAND_HOSTNAME_INVALID],
      ['display_name', '  ', 'Display name required'],
      ['support_email', 'nope', 'Invalid email address'],
      ['web_base_url', 'acme.example.com', BRAND_URL_INVALID],
    ] as const) {
      const res = await asStaff('POST', '/api/staff/brands', { ...brandBody(), [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field], field).toBe(message);
    }

    const other = (await asStaff('POST', '/api/staff/brands', brandBody())).json();
    const edit = await asStaff('PUT', `/api/staff/brands/${brand.id}`, {
      ...body,
      display_name: 'Acme Law',
      support_email: '',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ id: brand.id, display_name: 'Acme Law', support_email: null });
    const clash = await asStaff('PUT', `/api/staff/brands/${brand.id}`, {
      ...body,
      hostname: other.hostname,
    });
    expect(clash.statusCode).toBe(409);
    expect((await asStaff('PUT', '/api/staff/brands/2147483000', brandBody())).statusCode).toBe(404);
    const audit = (await auditRows('brand_created')).concat(await auditRows('brand_updated'));
    expect(audit.filter((r) => r.target.brand_id === brand.id).map((r) => [r.action, r.actorUserId])).toEqual(
      [
        ['brand_created', staff.user.id],
        ['brand_updated', staff.user.id],
      ],
    );
  });
});

describe('partners', () => {
  it('creates partners (a code generated when none is given), edits them, and seats their first admin', async () => {
    const brand = (await asStaff('POST', '/api/staff/brands', brandBody())).json();
    const body = { ...partnerBody(), brand_id: brand.id };
    const created = await asStaff('POST', '/api/staff/partners', body);
    expect(created.statusCode, created.body).toBe(201);
    const partner = created.json();
    expect(partner).toMatchObject({
      slug: body.slug,
      brand_id: brand.id,
      brand_hostname: brand.hostname,
      covers_credits: true,
      member_count: 0,
      account_count: 0,
    });
    expect(partner.code).toMatch(/^[A-Z0-9]{8}$/);

    const dupSlug = await asStaff('POST', '/api/staff/partners', { ...partnerBody(), slug: body.slug });
    expect(dupSlug.statusCode).toBe(409);
    expect(dupSlug.json().message).toBe(slugTaken(body.slug));
    const dupBrand = await asStaff('POST', '/api/staff/partners', { ...partnerBody(), brand_id: brand.id });
    expect(dupBrand.statusCode).toBe(409);
    expect(dupBrand.json().message).toBe(BRAND_TAKEN);
    expect(
      (await asStaff('POST', '/api/staff/partners', { ...partnerBody(), brand_id: 2147483000 })).statusCode,
    ).toBe(404);
    const badSlug = await asStaff('POST', '/api/staff/partners', { ...partnerBody(), slug: 'Not A Slug' });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().fields.slug).toBe('A slug is lowercase letters, digits and dashes');
    const named = await asStaff('POST', '/api/staff/partners', { ...partnerBody(), code: 'acme-2026' });
    expect(named.json().code).toBe('ACME-2026');

    const edit = await asStaff('PUT', `/api/staff/partners/${partner.id}`, {
      ...body,
      name: 'Acme Law',
      covers_fees: true,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: 'Acme Law', covers_fees: true, code: partner.code });
    const codeClash = await asStaff('PUT', `/api/staff/partners/${partner.id}`, {
      ...body,
      code: 'ACME-2026',
    });
    expect(codeClash.statusCode).toBe(409);
    expect((await asStaff('PUT', '/api/staff/partners/2147483000', partnerBody())).statusCode).toBe(404);
    expect((await asStaff('GET', '/api/staff/partners')).json()).toContainEqual(edit.json());

    const admin = await signedIn(t);
    const seat = await asStaff('POST', `/api/staff/partners/${partner.id}/members`, {
      email: admin.email.toUpperCase(),
      role_id: PARTNER_ROLE.ADMIN,
    });
    expect(seat.statusCode, seat.body).toBe(201);
    expect(seat.json()).toEqual({
      partner_id: partner.id,
      user_id: admin.user.id,
      email: admin.email,
      role_id: 1,
    });
    expect(
      await t.ctx.db.select().from(partnerMembers).where(eq(partnerMembers.partnerId, partner.id)),
    ).toEqual([expect.objectContaining({ userId: admin.user.id, roleId: PARTNER_ROLE.ADMIN })]);
    const nobody = await asStaff('POST', `/api/staff/partners/${partner.id}/members`, {
      email: uniqueEmail(),
      role_id: 1,
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(NO_SUCH_USER);
    expect(
      (await asStaff('POST', `/api/staff/partners/${partner.id}/members`, { email: admin.email, role_id: 3 }))
        .statusCode,
    ).toBe(400);
    const actions = (
      await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorUserId, staff.user.id))
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['partner_created', 'partner_updated', 'partner_member_added']),
    );
  });
});

describe('bad input from staff', () => {
  it('is answered below 500 and saves at most the one valid record of each kind', async () => {
    const odd = [null, 7, 'x'.repeat(5000), 'nul\u0000byte', { nested: true }, [], true];
    const brand = brandBody();
    const partner = partnerBody();
    const bodies = (base: Record<string, unknown>) =>
      Object.keys(base).flatMap((key) => odd.map((value) => ({ ...base, [key]: value })));
    const before = await t.ctx.db.select().from(auditLog);
    for (const body of bodies(brand)) {
      const res = await asStaff('POST', '/api/staff/brands', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBeLessThan(500);
    }
    for (const body of bodies(partner)) {
      const res = await asStaff('POST', '/api/staff/partners', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBeLessThan(500);
    }
    for (const q of ['nul%00byte', 'x'.repeat(300), '%5C', '_', "'"]) {
      for (const url of ['/api/staff/users', '/api/staff/accounts', '/api/staff/audit']) {
        const res = await asStaff('GET', `${url}?q=${q}&action=${q}&user_id=${q}`);
        expect(res.statusCode, `${url} ${q}`).toBeLessThan(500);
      }
    }
    // Each loop shares one hostname and one slug: a null where null is allowed saves once, and the
    // rest of that loop is refused as taken.
    const written = (await t.ctx.db.select().from(auditLog)).length - before.length;
    expect(written).toBeLessThanOrEqual(2);
  });
});
