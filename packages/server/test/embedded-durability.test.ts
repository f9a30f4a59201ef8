import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';

// The embedded database as a server opens it (its own DATA_DIR), not the in-memory one tests share.
let dataDir = '';
let database: Database;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-durable-'));
  database = await openDatabase({ databaseUrl: null, dataDir });
}, 120_000);
afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database on disk', () => {
  it('runs with fsync on', async () => {
    const { rows } = await database.pglite!.query<{ fsync: string }>('show fsync');
    expect(rows).toEqual([{ fsync: 'on' }]);
  });

  it('flushes each commit to the disk before acknowledging it', async () => {
    await database.pglite!.exec('create table durable (id serial primary key)');
    const flushed = vi.spyOn(fs, 'fsyncSync');
    try {
      await database.pglite!.query('insert into durable default values');
      // The WAL written for the commit reaches the file system's fsync, not a no-op inside WebAssembly.
      expect(flushed).toHaveBeenCalled();
      flushed.mockClear();
      await database.pglite!.query('select count(*) from durable');
      expect(flushed).not.toHaveBeenCalled();
    } finally {
      flushed.mockRestore();
    }
  });
});
