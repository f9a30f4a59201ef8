import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the server of `url` (CREATE/DROP DATABASE cannot run in a transaction). */
async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export type BenchDatabase = { url: string | null; drop(): Promise<void> };

/**
 * Where a benchmark's Charter keeps its rows: on a PostgreSQL server (`server`), a fresh database, dropped
 * afterwards, so a run never sees another's rows; without one `url` is null and Charter opens its
 * embedded database in its data directory.
 */
export async function benchDatabase(server: string | null): Promise<BenchDatabase> {
  if (!server) return { url: null, drop: async () => {} };
  const name = `charter_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await onServer(server, `create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(server, `drop database ${name} with (force)`) };
}
