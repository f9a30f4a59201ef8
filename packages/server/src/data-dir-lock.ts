import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database allows one process. The server marks DATA_DIR as in use; tools that open the
 * database themselves (npm run admin) refuse while a live server holds it.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function holderOf(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockFile(dataDir), 'utf8'));
    return pid && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function lockDataDir(dataDir: string): () => void {
  const holder = holderOf(dataDir);
  if (holder) throw new Error(`${dataDir} is in use by another Charter process (pid ${holder}).`);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(lockFile(dataDir), String(process.pid));
  return () => fs.rmSync(lockFile(dataDir), { force: true });
}
