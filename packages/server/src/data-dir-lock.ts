import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database allows one process. The server marks DATA_DIR as in use; tools that open the
 * database themselves (npm run admin) refuse while a live server holds it.
 *
 * The mark names the server's pid and command line. After a crash (or a container restart) the pid
 * may belong to another program by the time anyone looks: where /proc tells (Linux), a pid whose
 * command line is not the one recorded is not Charter and does not hold the folder.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

type Lock = { pid: number; cmdline: string | null };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The process's command line (arguments joined by NUL); undefined where /proc does not exist. */
function commandLine(pid: number | 'self'): string | null | undefined {
  if (!fs.existsSync('/proc/self/cmdline')) return undefined;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return null;
  }
}

function readLock(dataDir: string): Lock | null {
  let text: string;
  try {
    text = fs.readFileSync(lockFile(dataDir), 'utf8').trim();
  } catch {
    return null;
  }
  // Earlier versions wrote the pid alone.
  if (/^\d+$/.test(text)) return { pid: Number(text), cmdline: null };
  try {
    const lock = JSON.parse(text) as Partial<Lock>;
    return typeof lock.pid === 'number' ? { pid: lock.pid, cmdline: lock.cmdline ?? null } : null;
  } catch {
    return null;
  }
}

function isCharter(lock: Lock): boolean {
  const current = commandLine(lock.pid);
  if (current === undefined) return true;
  if (current === null) return false;
  if (lock.cmdline !== null) return current === lock.cmdline;
  // A mark without a command line: the server is a Node process.
  return /(^|\/)node[^/\0]*\0/.test(current);
}

export function holderOf(dataDir: string): number | null {
  const lock = readLock(dataDir);
  if (!lock?.pid || lock.pid === process.pid || !isAlive(lock.pid)) return null;
  return isCharter(lock) ? lock.pid : null;
}

export function lockDataDir(dataDir: string): () => void {
  const holder = holderOf(dataDir);
  if (holder) throw new Error(`${dataDir} is in use by another Charter process (pid ${holder}).`);
  fs.mkdirSync(dataDir, { recursive: true });
  const lock: Lock = { pid: process.pid, cmdline: commandLine('self') ?? null };
  fs.writeFileSync(lockFile(dataDir), JSON.stringify(lock));
  return () => fs.rmSync(lockFile(dataDir), { force: true });
}
