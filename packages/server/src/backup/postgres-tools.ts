import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL client program (pg_dump, pg_restore): Debian's newest under /usr/lib/postgresql (pg_dump
 * must be at least the server's version, and Debian installs every major version side by side), else PATH.
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, 'bin', name)).find((file) => fs.existsSync(file));
  return found ?? name;
}

export async function runTool(name: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    await run(postgresTool(name), args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: string };
    if (code === 'ENOENT') throw new Error(`${name} was not found: install PostgreSQL's client programs.`);
    throw new Error(`${name} failed: ${stderr?.trim() || (error as Error).message}`);
  }
}
