import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holderOf, lockDataDir } from './data-dir-lock.ts';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-lock-'));
  dirs.push(dir);
  return dir;
};
/** A live process; the pid a stale mark may name after a crash and a restart. */
const live = (command: string, args: string[]) => {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  return child.pid as number;
};
const cmdline = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
const mark = (dir: string, content: string) => fs.writeFileSync(path.join(dir, 'server.pid'), content);

describe.skipIf(!fs.existsSync('/proc/self/cmdline'))('the DATA_DIR lock', () => {
  it('is held by a live process whose command line is the one it recorded', () => {
    const dir = dataDir();
    const server = live(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    mark(dir, JSON.stringify({ pid: server, cmdline: cmdline(server) }));
    expect(holderOf(dir)).toBe(server);
    expect(() => lockDataDir(dir)).toThrow(`in use by another Charter process (pid ${server})`);
  });

  it('does not block start when its pid now belongs to another program', () => {
    const dir = dataDir();
    const charter = live(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const other = live('sleep', ['60']);
    mark(dir, JSON.stringify({ pid: other, cmdline: cmdline(charter) }));
    expect(holderOf(dir)).toBeNull();
    // An older mark (the pid alone) names a Node process when it is Charter's.
    mark(dir, String(other));
    expect(holderOf(dir)).toBeNull();
    mark(dir, String(charter));
    expect(holderOf(dir)).toBe(charter);

    mark(dir, String(other));
    const unlock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8'))).toEqual({
      pid: process.pid,
      cmdline: cmdline(process.pid),
    });
    unlock();
    expect(fs.existsSync(path.join(dir, 'server.pid'))).toBe(false);
  });
});
