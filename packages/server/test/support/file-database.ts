import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** Runs one statement on the server of DATABASE_URL (CREATE/DROP DATABASE cannot run in a transaction). */
export async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const withDatabase = (url: string, name: string) => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
};

/** A fresh name for a test database. */
export const scratchName = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

/** A copy of the migrated template (global-setup.ts): a second or so, whatever the number of migrations. */
export async function copyTemplate(url: string, name: string) {
  const template = inject('pgTemplate');
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer(url, `create database ${name} template ${template}`);
      return withDatabase(url, name);
    } catch (error) {
      // 55006: another file is copying the template at this moment.
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}

let current: { url: string; name: string; users: number } | null = null;

/**
 * On PostgreSQL each test file works in a database of its own, copied from the migrated template, so
 * no file sees another's rows or runs another's jobs (as each file has its own PGlite). Every app a file
 * opens at once shares it (instances of one deployment); it is dropped when the last one closes.
 */
export async function acquireFileDatabase(url: string): Promise<string> {
  if (!current) {
    const name = scratchName('charter_file');
    current = { name, url: await copyTemplate(url, name), users: 0 };
  }
  current.users++;
  return current.url;
}

export async function releaseFileDatabase(url: string) {
  if (!current || --current.users > 0) return;
  const { name } = current;
  current = null;
  await onServer(url, `drop database ${name} with (force)`);
}
