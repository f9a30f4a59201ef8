import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { RECIPIENT_MAIL_BUDGET } from '../src/modules/auth/recipient-budget.ts';
import { createUser, type Json, signedIn, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { insertCodedRoom, newVisitorKey, roomGuestHeaders } from './support/rooms.ts';

/**
 * Every route that mails an address someone types (password reset, sign-in challenge, room challenge)
 * spends a budget of that address, whoever asks and from wherever; and asking for an address nobody holds
 * makes no user: the user is made once the mailed code proves the address.
 */

let t: TestApp;
beforeAll(async () => {
  // The per-client limit out of the way: each request below comes from a new address anyway.
  t = await createTestApp();
});
afterAll(() => t.close());

let client = 0;
const fromAnywhere = () => `10.9.${Math.floor(++client / 250)}.${client % 250}`;

async function post(method: 'POST' | 'PATCH', url: string, payload: unknown, headers = {}) {
  const res = await t.app.inject({
    method,
    url,
    payload: payload as Json,
    headers,
    remoteAddress: fromAnywhere(),
  });
  return { status: res.statusCode, body: res.json() as Json, retryAfter: res.headers['retry-after'] };
}

const usersWith = (email: string) =>
  t.ctx.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);

const challenge = (email: string, create = false) =>
  post('POST', '/api/authn/challenge', {
    identifier: { type: 'email', value: email },
    template: 'magic-link',
    create,
  });

const redeem = (id: string, code: string) => post('POST', `/api/authn/session/challenge/${id}`, { code });

const codeOf = (text: string) => text.match(/: ([A-Z2-9]{8})\b/)?.[1] ?? '';

describe('per-recipient mail budgets', () => {
  it('sign-in challenge: the address gets its budget, then 429 with Retry-After, from any client', async () => {
    const { email } = await createUser(t, { company: null });
    for (let i = 0; i < RECIPIENT_MAIL_BUDGET.max; i++) expect((await challenge(email)).status).toBe(201);
    const over = await challenge(email.toUpperCase());
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(3600);
    expect(await t.mailTo(email)).toHaveLength(RECIPIENT_MAIL_BUDGET.max);
    // Another address is not held back by this one.
    expect((await challenge((await createUser(t, { company: null })).email)).status).toBe(201);
  });

  it('password reset: silent past the budget, so the answer never tells whether an account exists', async () => {
    const { email } = await createUser(t, { company: null });
    const stranger = uniqueEmail('nobody');
    for (let i = 0; i < RECIPIENT_MAIL_BUDGET.max + 3; i++) {
      for (const address of [email, stranger]) {
        const res = await post('PATCH', '/api/public/user/password/forgot', { email: address });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          message:
            "If there's an account linked to this email address, you will receive reset instructions in your inbox.",
        });
      }
    }
    expect(await t.mailTo(email)).toHaveLength(RECIPIENT_MAIL_BUDGET.max);
    expect(await t.mailTo(stranger)).toHaveLength(0);
  });

  it('room challenge: the address gets its budget across rooms, then 429', async () => {
    const owner = await signedIn(t);
    const rooms = await Promise.all([0, 1].map(() => insertCodedRoom(t, owner.account!.id, { open: true })));
    const email = uniqueEmail('guest');
    const ask = (code: string) =>
      post(
        'POST',
        `/api/guest/rooms/${code}/challenge`,
        { email },
        roomGuestHeaders({ key: newVisitorKey() }),
      );
    for (let i = 0; i < RECIPIENT_MAIL_BUDGET.max; i++) {
      expect((await ask(rooms[i % 2].code)).status).toBe(201);
    }
    const over = await ask(rooms[1].code);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    expect(await t.mailTo(email)).toHaveLength(RECIPIENT_MAIL_BUDGET.max);
    // A sign-in challenge to the same address is a budget of its own.
    expect((await challenge(email, true)).status).toBe(201);
  });
});

describe('no user for an address nobody has proven', () => {
  it('a sign-in link for a new address makes the user only when its code is redeemed', async () => {
    const email = uniqueEmail('link');
    const asked = await challenge(email, true);
    expect(asked.status).toBe(201);
    expect(await usersWith(email)).toEqual([]);
    const check = await t.app.inject(`/api/public/auth/email/${encodeURIComponent(email)}`);
    expect(check.statusCode).toBe(404);
    const [mail] = await t.mailTo(email);
    const signedInNow = await redeem(asked.body.id, codeOf(mail.text));
    expect(signedInNow.status).toBe(200);
    const [user] = await usersWith(email);
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.passwordHash).toBeNull();
    expect(signedInNow.body.user).toMatchObject({ id: user.id, email, email_verified: true });
  });

  it('a code for an address someone registered meanwhile proves it for them (a takeover, not a second user)', async () => {
    const email = uniqueEmail('race');
    const asked = await challenge(email, true);
    const squatter = await createUser(t, { email, company: null, verified: false });
    const [mail] = await t.mailTo(email);
    const res = await redeem(asked.body.id, codeOf(mail.text));
    expect(res.status).toBe(200);
    const holders = await usersWith(email);
    expect(holders).toHaveLength(1);
    expect(holders[0]).toMatchObject({ id: squatter.user.id, passwordHash: null });
    expect(holders[0].emailVerifiedAt).not.toBeNull();
  });

  it('a room challenge for a new address makes the user only when its code proves it', async () => {
    const owner = await signedIn(t);
    const { code } = await insertCodedRoom(t, owner.account!.id, { open: true });
    const key = newVisitorKey();
    const email = uniqueEmail('visitor');
    const asked = await post(
      'POST',
      `/api/guest/rooms/${code}/challenge`,
      { email },
      roomGuestHeaders({ key }),
    );
    expect(asked.status).toBe(201);
    expect(await usersWith(email)).toEqual([]);
    const [mail] = await t.mailTo(email);
    const verified = await post(
      'POST',
      `/api/guest/rooms/${code}/challenge/${asked.body.id}`,
      { code: codeOf(mail.text) },
      roomGuestHeaders({ key }),
    );
    expect(verified.status).toBe(200);
    const [user] = await usersWith(email);
    expect(user.emailVerifiedAt).not.toBeNull();
  });

  it('a password reset for an unknown address makes nothing', async () => {
    const email = uniqueEmail('reset');
    expect((await post('PATCH', '/api/public/user/password/forgot', { email })).status).toBe(200);
    expect(await usersWith(email)).toEqual([]);
  });
});
