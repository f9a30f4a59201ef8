import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FULL_MESSAGE } from '../src/http/database-errors.ts';
import { accountCaller, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

// PostgreSQL's disk_full (SQLSTATE 53100), raised the way the server raises it: by the statement that
// could not get its space. A trigger refuses folders whose name starts "Full" (on either database).
describe('the database out of disk space', () => {
  let t: TestApp;
  const call = accountCaller(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.db.execute(sql`
      create function refuse_for_disk_full() returns trigger language plpgsql as $$
      begin
        if new.path like '/Full%' then
          raise exception 'could not extend file "base/5/16384": No space left on device'
            using errcode = '53100';
        end if;
        return new;
      end $$`);
    await t.ctx.db.execute(sql`
      create trigger disk_full before insert on folders
      for each row execute function refuse_for_disk_full()`);
  });

  afterAll(() => t?.close());

  it('answers a write 507 STORAGE_FULL, saves nothing, and the same write goes through once there is room', async () => {
    const me = await signedIn(t);
    const res = await call(me, 'POST', '/api/account/storage/folder', { path: '/Full/Deep' });
    expect(res.status).toBe(507);
    expect(res.body).toEqual({ code: 'STORAGE_FULL', message: DATABASE_FULL_MESSAGE });
    // The parent folder went into the same transaction: it was rolled back too.
    expect((await call(me, 'GET', '/api/account/storage/folder?path=/Full')).status).toBe(404);

    await t.ctx.db.execute(sql`drop trigger disk_full on folders`);
    expect((await call(me, 'POST', '/api/account/storage/folder', { path: '/Full/Deep' })).status).toBe(201);
    expect((await call(me, 'GET', '/api/account/storage/folder?path=/Full/Deep')).status).toBe(200);
  });
});
