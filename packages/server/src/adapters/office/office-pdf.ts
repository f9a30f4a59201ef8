import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileRefused } from '../untrusted/refusal.ts';
import { refuseZipBomb } from '../untrusted/zip.ts';

/** Office documents to PDF, for previews. Null when no converter is installed. */
export type OfficeConverter = {
  toPdf(bytes: Uint8Array, extension: string): Promise<Buffer>;
};

/** The extensions LibreOffice Writer opens among those an upload accepts. */
export const CONVERTIBLE_EXTENSIONS = new Set(['doc', 'docx', 'odt', 'rtf', 'txt', 'wpd']);

const CONVERSION_TIMEOUT_MS = 60_000;
/** The formats among those that are zip containers: held to ZIP_LIMITS before LibreOffice unpacks them. */
const ZIP_EXTENSIONS = new Set(['docx', 'odt']);
/** A PDF LibreOffice wrote past this is not read back (a thousand-page document is tens of MB). */
export const OUTPUT_LIMIT_BYTES = 256 * 1024 * 1024;

/** `soffice` (or `libreoffice`) on the PATH, if any. */
export function findLibreOffice(envPath = process.env.PATH ?? ''): string | null {
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    for (const name of ['soffice', 'libreoffice']) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

/** Runs one command in its own process group, killed whole when it outlives `timeoutMs`. */
function run(binary: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // soffice is a script that starts soffice.bin: only killing the group stops both.
    const child = spawn(binary, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(binary)} exited with ${signal ?? code}: ${stderr.trim()}`));
    });
  });
}

/**
 * The profile every conversion runs with. Documents can name remote or local resources (an image linked
 * by URL, say) that LibreOffice would fetch while converting, a server-side request forgery: links from
 * documents are blocked (BlockUntrustedRefererLinks) and macros never run.
 */
const HARDENED_PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
</oor:items>
`;

/** Writes the hardened settings into a profile before LibreOffice first creates it. */
function prepareProfile(dir: string) {
  const user = path.join(dir, 'user');
  fs.mkdirSync(user, { recursive: true });
  fs.writeFileSync(path.join(user, 'registrymodifications.xcu'), HARDENED_PROFILE);
}

/**
 * `unshare` starts LibreOffice in a network namespace of its own, with no interface up (not even
 * loopback), where it can reach nothing. Unprivileged user namespaces make this work without root; some
 * containers forbid them, and then only the profile's settings stand between a document and the network.
 */
export function canIsolateNetwork(unshare = 'unshare'): boolean {
  const probe = spawnSync(unshare, ['--net', '--map-root-user', 'true'], {
    stdio: 'ignore',
    timeout: 10_000,
  });
  return probe.status === 0;
}

export type ConverterOptions = {
  /** Conversions at a time, each with its own profile. */
  slots?: number;
  /** Run LibreOffice without network access (default: when the system allows it). */
  isolateNetwork?: boolean;
};

/**
 * LibreOffice in headless mode, without network access and with links in documents blocked. Conversions
 * run at most `slots` at a time, each slot with its own user profile: two conversions sharing one profile
 * fail silently (DESIGN §1). Profiles are kept between conversions (the first one of a slot is slower)
 * in a folder removed by `close`.
 */
export function createLibreOfficeConverter(
  binary: string,
  options: ConverterOptions = {},
): OfficeConverter & { close(): Promise<void>; networkIsolated: boolean } {
  const slots = options.slots ?? 2;
  const networkIsolated = options.isolateNetwork ?? canIsolateNetwork();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-office-'));
  for (let slot = 0; slot < slots; slot += 1) prepareProfile(path.join(root, `profile-${slot}`));
  const free = Array.from({ length: slots }, (_, index) => index);
  const waiting: Array<(slot: number) => void> = [];
  const acquire = () =>
    new Promise<number>((resolve) => {
      const slot = free.pop();
      if (slot === undefined) waiting.push(resolve);
      else resolve(slot);
    });
  const release = (slot: number) => {
    const next = waiting.shift();
    if (next) next(slot);
    else free.push(slot);
  };
  const command = (args: string[]): [string, string[]] =>
    networkIsolated ? ['unshare', ['--net', '--map-root-user', binary, ...args]] : [binary, args];

  return {
    async toPdf(bytes, extension) {
      if (!CONVERTIBLE_EXTENSIONS.has(extension)) throw new Error(`Cannot convert .${extension}`);
      // LibreOffice would unpack a zip bomb whole, in memory, for up to the time limit.
      if (ZIP_EXTENSIONS.has(extension)) await refuseZipBomb(bytes);
      const slot = await acquire();
      const job = await fsp.mkdtemp(path.join(root, 'job-'));
      try {
        const input = path.join(job, `document.${extension}`);
        await fsp.writeFile(input, bytes);
        const profile = pathToFileURL(path.join(root, `profile-${slot}`)).href;
        const [program, args] = command([
          '--headless',
          '--norestore',
          '--nolockcheck',
          `-env:UserInstallation=${profile}`,
          '--convert-to',
          'pdf',
          '--outdir',
          job,
          input,
        ]);
        await run(program, args, CONVERSION_TIMEOUT_MS);
        // LibreOffice exits 0 even when it could not convert: the output file is the proof.
        const output = path.join(job, 'document.pdf');
        const size = (await fsp.stat(output).catch(() => null))?.size ?? 0;
        if (size > OUTPUT_LIMIT_BYTES) throw new FileRefused('size', `its PDF takes ${size} bytes`);
        const pdf = await fsp.readFile(output).catch(() => null);
        if (pdf?.subarray(0, 5).toString('latin1') !== '%PDF-') {
          throw new Error('LibreOffice produced no PDF');
        }
        return pdf;
      } finally {
        release(slot);
        await fsp.rm(job, { recursive: true, force: true });
      }
    },
    close: () => fsp.rm(root, { recursive: true, force: true }),
    networkIsolated,
  };
}
