import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';

/**
 * poppler-utils (pdftotext, pdftoppm) for what pdf-lib cannot do: read a PDF's text with where each word
 * stands, and draw a page as an image. Both read the page as a viewer shows it, its crop box rotated, as
 * pageSizes measures it, so boxes found in the text sit right on the images.
 */
export type PopplerTool = 'pdftotext' | 'pdftoppm';

// A page of text or one image takes well under a second; a tool stuck on a hostile file is stopped.
const TIMEOUT_MS = 30_000;
/** Wider page images than this are refused: no screen needs them, and each costs memory to draw. */
const MAX_WIDTH_PX = 4000;
/** A page image past this is not read back: a page drawn absurdly tall (a PDF's page can be a strip). */
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

/** The error a missing tool raises, telling an operator what to install. */
export const missingPoppler = (tool: PopplerTool) =>
  new Error(`${tool} was not found: signing needs poppler-utils installed (apt-get install poppler-utils)`);

/**
 * Runs a poppler tool. `searchPath` stands for the PATH it is looked up in (tests point it at nothing).
 * A missing tool, a timeout and a failure each reject with what went wrong in words.
 */
export function runPoppler(tool: PopplerTool, args: string[], searchPath = process.env.PATH): Promise<void> {
  return popplerSlots.run(() => spawnPoppler(tool, args, searchPath));
}

/**
 * At most this many poppler processes at once: signers opening pages cannot make the server start a
 * process per request (each may take a core and memory); the rest wait their turn.
 */
export const POPPLER_CONCURRENCY = Math.max(2, availableParallelism());

/** A queue of `size` slots: `run` starts its work when a slot is free. */
export function slots(size: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return {
    get busy() {
      return busy;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (busy >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      else busy++;
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else busy--;
      }
    },
  };
}

const popplerSlots = slots(POPPLER_CONCURRENCY);

function spawnPoppler(tool: PopplerTool, args: string[], searchPath: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, PATH: searchPath ?? '' };
    execFile(tool, args, { env, timeout: TIMEOUT_MS, windowsHide: true }, (error, _stdout, stderr) => {
      if (!error) resolve();
      else if ((error as NodeJS.ErrnoException).code === 'ENOENT') reject(missingPoppler(tool));
      else if (error.killed)
        reject(new Error(`${tool} took longer than ${TIMEOUT_MS / 1000} s and was stopped`));
      else reject(new Error(`${tool} failed (exit ${error.code}): ${String(stderr).trim().split('\n')[0]}`));
    });
  });
}

/**
 * Runs `work` with the PDF written to a folder of its own (poppler reads files, not pipes), where the
 * tool writes its output too; the folder is removed afterwards whatever happens.
 */
export async function withPdfFile<T>(pdf: Uint8Array, work: (file: string, dir: string) => Promise<T>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'charter-poppler-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    return await work(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type PageSize = { width: number; height: number };

/**
 * Each page's size in points as a viewer shows it: its crop box (the media box when it has none), width
 * and height swapped when the page is turned a quarter.
 */
export async function pageSizes(pdf: Uint8Array): Promise<PageSize[]> {
  const document = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false });
  return document.getPages().map((page) => {
    const { width, height } = page.getCropBox();
    const quarterTurns = Math.round((((page.getRotation().angle % 360) + 360) % 360) / 90);
    return quarterTurns % 2 === 1 ? { width: height, height: width } : { width, height };
  });
}

/**
 * Page `page` (0-based) as a PNG `widthPx` wide, its height in proportion: what the public signing page
 * shows, so a signer needs no PDF viewer.
 */
export async function renderPagePng(pdf: Uint8Array, page: number, widthPx: number): Promise<Buffer> {
  if (!Number.isInteger(page) || page < 0) throw new RangeError(`No page ${page}: pages count from 0`);
  if (!Number.isInteger(widthPx) || widthPx < 1 || widthPx > MAX_WIDTH_PX) {
    throw new RangeError(`A page image is 1 to ${MAX_WIDTH_PX} pixels wide, not ${widthPx}`);
  }
  return withPdfFile(pdf, async (file, dir) => {
    const n = String(page + 1);
    const out = path.join(dir, 'page');
    // -singlefile names the image page.png, without the page number pdftoppm would otherwise add. Without
    // -scale-dimension-before-rotation, a page turned a quarter would be scaled to widthPx tall instead.
    const size = ['-scale-dimension-before-rotation', '-scale-to-x', String(widthPx), '-scale-to-y', '-1'];
    await runPoppler('pdftoppm', ['-png', '-cropbox', '-f', n, '-l', n, ...size, '-singlefile', file, out]);
    const { size: bytes } = await stat(`${out}.png`);
    if (bytes > MAX_IMAGE_BYTES) throw new Error(`Page ${page + 1} draws to ${bytes} bytes`);
    return readFile(`${out}.png`);
  });
}
