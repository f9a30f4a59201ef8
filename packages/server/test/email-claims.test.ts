import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmailClaimConflict } from '../src/db/errors.ts';
import { authenticators, users } from '../src/db/schema/index.ts';
import { EMAIL_IN_USE_MESSAGE } from '../src/modules/auth/email-claims.ts';
import { EMAIL_TAKEN_MESSAGE } from '../src/modules/auth/register-user.ts';
import { PASSWORD, signedIn, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A user with a verified extra address (authenticators), returned with it. */
async function userWithExtra() {
  const owner = await signedIn(t, { company: null });
  const extra = uniqueEmail('Extra');
  await t.ctx.db
    .insert(authenticators)
    .values({ pubId: randomUUID(), userId: owner.user.id, value: extra, verifiedAt: new Date() });
  return { owner, extra };
}

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authn/session/credentials',
    payload: { email, password: PASSWORD, first_name: 'Eve', family_name: 'Else', create: true, tos: true },
  });

const usersWith = (email: string) =>
  t.ctx.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);

describe('one email address, one account', () => {
  it("refuses to register another user's extra address, in any case", async () => {
    const { extra } = await userWithExtra();
    const res = await register(extra.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_ALREADY_EXISTS', message: EMAIL_TAKEN_MESSAGE });
    expect(await usersWith(extra)).toEqual([]);
  });

  it("refuses a passwordless sign-up by email link with another user's extra address", async () => {
    const { extra } = await userWithExtra();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authn/challenge',
      payload: { identifier: { type: 'email', value: extra }, template: 'magic-link', create: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'E_EMAIL_ALREADY_CLAIMED', message: EMAIL_IN_USE_MESSAGE });
    expect(await usersWith(extra)).toEqual([]);
  });

  it("refuses to add another user's primary or extra address", async () => {
    const { owner, extra } = await userWithExtra();
    const me = await signedIn(t, { company: null });
    for (const email of [owner.email, extra]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/settings/authenticators',
        headers: { authorization: me.bearer },
        payload: { email },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'E_EMAIL_ALREADY_CLAIMED', message: EMAIL_IN_USE_MESSAGE });
    }
    expect(await t.ctx.db.select().from(authenticators).where(eq(authenticators.userId, me.user.id))).toEqual(
      [],
    );
  });

  it('is enforced by the database, whatever path writes the address', async () => {
    const { owner, extra } = await userWithExtra();
    const other = await signedIn(t, { company: null });
    const attempts = [
      t.ctx.db.insert(users).values({ email: extra }),
      t.ctx.db.update(users).set({ email: extra.toUpperCase() }).where(eq(users.id, other.user.id)),
      t.ctx.db
        .insert(authenticators)
        .values({ pubId: randomUUID(), userId: other.user.id, value: owner.email }),
    ];
    for (const attempt of attempts) {
      const error = await attempt.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(isEmailClaimConflict(error)).toBe(true);
    }
  });

  it('lets only one of a registration and an added address win when they race', async () => {
    const email = uniqueEmail('race');
    const other = await signedIn(t, { company: null });
    const answers = await Promise.all([
      register(email),
      t.app.inject({
        method: 'POST',
        url: '/api/user/settings/authenticators',
        headers: { authorization: other.bearer },
        payload: { email },
      }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const holders = await t.ctx.db.execute<{ n: number }>(sql`select
      (select count(*) from users where lower(email) = lower(${email}))
      + (select count(*) from authenticators where lower(value) = lower(${email})) as n`);
    expect(Number(holders.rows[0].n)).toBe(1);
  });

  it('keeps both addresses when the extra one becomes primary, and frees one when it is removed', async () => {
    const { owner, extra } = await userWithExtra();
    const [row] = await t.ctx.db
      .select()
      .from(authenticators)
      .where(eq(authenticators.userId, owner.user.id));
    const auth = { authorization: owner.bearer };
    const primary = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/authenticators/${row.id}`,
      headers: auth,
      payload: { priority: 0 },
    });
    expect(primary.statusCode).toBe(204);
    expect((await register(owner.email)).statusCode).toBe(409);
    expect((await register(extra)).statusCode).toBe(409);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/authenticators/${row.id}`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(204);
    // The old primary address, now removed, is free; the new primary is still taken.
    expect((await register(owner.email)).statusCode).toBe(201);
    expect((await register(extra)).statusCode).toBe(409);
  });
});
