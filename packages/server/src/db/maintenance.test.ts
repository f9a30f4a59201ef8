import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { startMaintenance } from './maintenance.ts';

const log = { debug() {}, warn() {} } as unknown as FastifyBaseLogger;

describe('embedded database maintenance', () => {
  const pglite = new PGlite();
  afterAll(() => pglite.close());

  const reltuples = async () =>
    (await pglite.query<{ n: number }>(`select reltuples::int as n from pg_class where relname = 'notes'`))
      .rows[0].n;

  it('vacuums and analyzes after the set number of writes, and only PGlite', async () => {
    await pglite.exec(
      'create table notes (id int primary key); insert into notes select generate_series(1, 250)',
    );
    const database = { driver: 'pglite', pglite } as unknown as Database;
    const maintenance = startMaintenance(database, log, { writes: 3, minIntervalMs: 0 });
    if (!maintenance) throw new Error('expected maintenance for PGlite');
    try {
      expect(await reltuples()).toBe(-1); // never analyzed
      maintenance.noteWrite(2); // a batch of two rows
      expect(await reltuples()).toBe(-1);
      maintenance.noteWrite();
      await maintenance.stop(); // waits for the run the third write started
      expect(await reltuples()).toBe(250);
    } finally {
      await maintenance.stop();
    }
    expect(startMaintenance({ driver: 'postgres' } as unknown as Database, log)).toBeNull();
  });
});
