import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/adapters/passwords.ts';
import { memberships, users } from '../src/db/schema/index.ts';
import { createAccount } from '../src/modules/accounts/create-account.ts';
import type { TestApp } from './harness.ts';

export const PASSWORD = 'correct horse battery';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

export const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/**
 * One argon2 hash per password per test file (each costs tens of milliseconds at the production
 * parameters): users made here share it, as users who chose the same password would not, but nothing
 * reads a hash except to verify a password against it.
 */
const hashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string) {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

/** A verified user with a password and, unless told otherwise, a workspace of their own. */
export async function createUser(
  t: TestApp,
  options: {
    email?: string;
    password?: string | null;
    verified?: boolean;
    staff?: boolean;
    company?: string | null;
  } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password === undefined ? PASSWORD : options.password;
  const [user] = await t.ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: password ? await passwordHashOf(password) : null,
      firstName: 'Test',
      familyName: 'User',
      emailVerifiedAt: options.verified === false ? null : new Date(),
      isStaff: options.staff ?? false,
    })
    .returning();
  const account =
    options.company === null
      ? null
      : await createAccount(t.ctx.db, {
          userId: user.id,
          company_name: options.company ?? `Company ${randomUUID().slice(0, 6)}, Inc.`,
          features: [{ feature_type_id: 881, value: 'For-profit Company' }],
        });
  return { user, account, email, password };
}

export async function login(t: TestApp, email: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authn/session/credentials',
    headers: { authorization: basic(email, password) },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { id_token: string };
  const cookie = res.cookies.find((c) => c.name === 'charter_session')?.value ?? '';
  return { idToken: body.id_token, cookie };
}

export async function accessToken(t: TestApp, idToken: string, accountId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authn/access_token',
    headers: { authorization: `Bearer ${idToken}` },
    payload: { account_id: accountId },
  });
  if (res.statusCode !== 200) throw new Error(`access token failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

/** A signed-in user with a workspace and tokens for both levels. */
export async function signedIn(t: TestApp, options: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(t, options);
  const { idToken, cookie } = await login(t, created.email, created.password ?? PASSWORD);
  const access = created.account ? await accessToken(t, idToken, created.account.id) : '';
  return {
    ...created,
    idToken,
    cookie,
    access,
    bearer: `Bearer ${idToken}`,
    accountBearer: `Bearer ${access}`,
  };
}

export async function userById(t: TestApp, id: number) {
  const [user] = await t.ctx.db.select().from(users).where(eq(users.id, id));
  return user;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely in assertions
export type Json = Record<string, any>;
export type SignedIn = Awaited<ReturnType<typeof signedIn>>;

/** A workspace API call as `who` (no token for null): status, the JSON body when there is one, the raw reply. */
export function accountCaller(getApp: () => TestApp) {
  return async (who: SignedIn | null, method: string, url: string, payload?: unknown) => {
    const res = await getApp().app.inject({
      method: method as 'GET',
      url,
      payload: payload as Json,
      headers: who ? { authorization: who.accountBearer } : {},
    });
    const json = res.headers['content-type']?.toString().startsWith('application/json');
    return { status: res.statusCode, body: (json ? res.json() : {}) as Json, raw: res };
  };
}

/** An existing user added to `owner`'s workspace directly (an admin or not), signed in there. */
export async function joinedMember(t: TestApp, owner: SignedIn, admin = false): Promise<SignedIn> {
  const other = await createUser(t, { company: null });
  await t.ctx.db
    .insert(memberships)
    .values({ userId: other.user.id, accountId: owner.account!.id, isAdmin: admin });
  const { idToken, cookie } = await login(t, other.email, other.password!);
  const access = await accessToken(t, idToken, owner.account!.id);
  return {
    ...other,
    account: owner.account,
    idToken,
    cookie,
    access,
    bearer: `Bearer ${idToken}`,
    accountBearer: `Bearer ${access}`,
  };
}
