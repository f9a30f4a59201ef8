import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStatementCache } from './pglite-statements.ts';

describe('PGlite with named statements', () => {
  const raw = new PGlite();
  const db = withStatementCache(raw, 3);
  beforeAll(() =>
    raw.exec(`create table notes (id int primary key, body text not null, meta jsonb, at timestamptz);`),
  );
  afterAll(() => raw.close());

  it('answers exactly as PGlite does, parameters and types included', async () => {
    const insert = 'insert into notes values ($1, $2, $3, $4) returning *';
    const at = new Date('2026-01-02T03:04:05Z');
    const mine = await db.query(insert, [1, 'one', { tags: ['a'] }, at]);
    expect(mine.rows).toEqual([{ id: 1, body: 'one', meta: { tags: ['a'] }, at }]);
    await raw.query(insert, [2, 'two', null, null]);
    const select = 'select * from notes where id = any($1::int[]) order by id';
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      expect(await db.query(select, [[1, 2]], options)).toEqual(await raw.query(select, [[1, 2]], options));
    }
  });

  it('keeps the connection usable after an error, in and out of transactions', async () => {
    const insert = 'insert into notes (id, body) values ($1, $2)';
    await expect(db.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505', query: insert });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [10, 'ten']);
        await tx.query(insert, [10, 'ten again']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('select count(*)::int as n from notes where id = $1', [10])).rows).toEqual([
      { n: 0 },
    ]);
  });

  it('never runs a statement inside another caller’s transaction', async () => {
    let inserted: () => void = () => undefined;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writing = db.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values ($1, $2)', [20, 'twenty']);
      inserted();
      await held;
      await tx.query('delete from notes where id = $1', [20]);
    });
    await insertedYet;
    const reading = db.query<{ n: number }>('select count(*)::int as n from notes where id = $1', [20]);
    // Time enough for the read to slip into the open transaction, were it allowed to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await writing;
    expect((await reading).rows).toEqual([{ n: 0 }]);
  });

  it('prepares again when a table changes shape, and forgets old statements past its limit', async () => {
    const select = 'select * from notes where id = $1';
    await db.query(select, [1]);
    await raw.exec('alter table notes add column extra text');
    expect((await db.query<{ extra: null }>(select, [1])).rows[0].extra).toBeNull();
    await raw.exec('alter table notes drop column extra');
    // Inside a transaction the outdated statement fails (the transaction is lost), then is prepared anew.
    await expect(db.transaction((tx) => tx.query(select, [1]))).rejects.toMatchObject({ code: '0A000' });
    expect((await db.transaction((tx) => tx.query(select, [1]))).rows[0]).not.toHaveProperty('extra');
    for (let i = 0; i < 5; i++) await db.query(`select $1::int + ${i} as n`, [1]);
    expect((await db.query(select, [2])).rows).toHaveLength(1);
  });
});
