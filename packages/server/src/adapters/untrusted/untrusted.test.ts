import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FILE_REFUSED_MESSAGES } from '@charter/domain';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { docxBomb, entry, pdfBomb, pngBomb, repeatedEntry, zipOf } from '../../../test/support/bombs.ts';
import { docx, paragraph } from '../../../test/support/docx.ts';
import { SIGNATURE_PNG } from '../../../test/support/signature-png.ts';
import type { WaitingTasks } from '../../../test/support/waiting-tasks.ts';
import { AppError } from '../../http/errors.ts';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER, createPool, offThread } from './pool.ts';
import { FileRefused } from './refusal.ts';
import { checkZip, NotAZip, unzip, ZIP_LIMITS } from './zip.ts';

const MB = 1024 * 1024;

/** What a promise was refused with: the reason and the answer's code and message. */
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error) =>
      error instanceof FileRefused
        ? { reason: error.reason, code: error.code, status: error.status, message: error.message }
        : error,
  );

describe('zip containers are held to their limits', () => {
  it('refuses a bomb by its directory, before inflating a byte of it', async () => {
    const bomb = docxBomb(400);
    expect(bomb.length).toBeLessThan(2 * MB);
    // Inflating 400 MB takes seconds; reading the directory, none of that.
    const started = performance.now();
    expect(await refusalOf(checkZip(bomb))).toEqual({
      reason: 'size',
      code: 'FILE_TOO_COMPLEX',
      status: 422,
      message: FILE_REFUSED_MESSAGES.size,
    });
    expect(await refusalOf(unzip(bomb))).toMatchObject({ reason: 'size' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses an entry that inflates past the size its headers declare, while inflating it', async () => {
    const liar = docxBomb(400, 1000);
    // Its directory looks like a small Word file's…
    expect((await checkZip(liar)).map((e) => e.unpacked)).toEqual([expect.any(Number), 1000]);
    // …and inflating stops at the declared size.
    expect(await refusalOf(unzip(liar))).toMatchObject({ reason: 'size' });
  });

  it('refuses more entries than the limit, and an entry past the ratio though small in size', async () => {
    const many = zipOf(
      Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => entry(`part${i}.xml`, 'x')),
    );
    expect(await refusalOf(checkZip(many))).toMatchObject({
      reason: 'entries',
      message: FILE_REFUSED_MESSAGES.entries,
    });
    expect(await checkZip(zipOf([entry('a.xml', 'x'), entry('b.xml', 'y')]))).toHaveLength(2);
    // 3 MB of one repeated line: far below the size limits, far past 100:1.
    const dense = zipOf([repeatedEntry('word/document.xml', 3, '', '<w:p/>', '')]);
    expect(await refusalOf(checkZip(dense))).toMatchObject({ reason: 'size' });
    expect(await checkZip(dense, { ...ZIP_LIMITS, maxRatio: 100_000 })).toHaveLength(1);
    // The same line under the grace size is no one's harm.
    expect(await checkZip(zipOf([repeatedEntry('word/document.xml', 0.5, '', '<w:p/>', '')]))).toHaveLength(
      1,
    );
  });

  it('unpacks a real Word file whole, and tells bytes that are no zip', async () => {
    const files = await unzip(docx(paragraph('Hello {name}')));
    expect([...files.keys()].sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(files.get('word/document.xml')?.toString()).toContain('Hello {name}');
    await expect(checkZip(Buffer.from('%PDF-1.4 not a zip'))).rejects.toBeInstanceOf(NotAZip);
  });
});

describe('parsers run in a worker, within a time limit', () => {
  beforeAll(async () => {
    // The first task starts a worker (it loads every parser): not part of what is measured below.
    await offThread('inspectDocx', [docx(paragraph('{warm}'))]);
  }, 60_000);

  it('answers as the parser does, and copies the caller its bytes back untouched', async () => {
    const bytes = docx(paragraph('Hello {name} of {company}'));
    const before = Buffer.from(bytes);
    expect(await offThread('inspectDocx', [bytes])).toEqual({
      valid: true,
      tokens: ['name', 'company'],
      notes: [],
    });
    expect(Buffer.from(bytes).equals(before)).toBe(true);
    const filled = await offThread('fillDocx', [bytes, { name: 'Ada' }]);
    expect(filled.notes).toEqual([{ token: 'company', level: 'warning', message: 'No value for company.' }]);
    await expect(offThread('fillDocx', [new Uint8Array([1, 2, 3]), {}])).rejects.toThrow(
      'This file is not a Word document (.docx).',
    );
  });

  it('queues at most maxWaiting tasks and answers any more 503 SERVER_BUSY at once, then serves again', async () => {
    const pool = createPool<WaitingTasks>({
      size: 1,
      maxWaiting: 2,
      entry: new URL('../../../test/support/waiting-tasks.ts', import.meta.url).href,
    });
    await pool.warmUp();
    // One task runs on the only worker, two wait: the queue is full.
    const queued = [pool.run('wait', [300]), pool.run('wait', [10]), pool.run('wait', [10])];
    const busy = await pool.run('wait', [10]).catch((error) => error);
    expect(busy).toBeInstanceOf(AppError);
    expect({ code: busy.code, status: busy.status, retryAfter: busy.retryAfter }).toEqual({
      code: 'SERVER_BUSY',
      status: 503,
      retryAfter: BUSY_RETRY_AFTER,
    });
    expect(busy.message).toBe(BUSY_MESSAGE);
    // Those already queued are served, and once the queue drains the pool takes tasks again.
    expect(await Promise.all(queued)).toEqual([300, 10, 10]);
    expect(await pool.run('wait', [5])).toBe(5);
  }, 60_000);

  it('stops a task past its time, refuses the file, and keeps serving the next one', async () => {
    const pool = createPool<WaitingTasks>({
      size: 1,
      entry: new URL('../../../test/support/waiting-tasks.ts', import.meta.url).href,
    });
    await pool.warmUp();
    // A task that never yields: only ending its worker stops it, however fast the machine.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const refused = await refusalOf(pool.run('spin', [], { timeLimitMs: 300 }));
    delay.disable();
    expect(refused).toEqual({
      reason: 'time',
      code: 'FILE_TOO_COMPLEX',
      status: 422,
      message: FILE_REFUSED_MESSAGES.time,
    });
    // The request thread went on meanwhile (a generous bound for a loaded machine)…
    expect(delay.max / 1e6).toBeLessThan(1000);
    // …and the only worker, ended, was replaced.
    expect(await pool.run('wait', [5])).toBe(5);
  }, 60_000);

  it('holds a real parser to the time limit: a file within every size limit that is slow to read', async () => {
    // Half a megabyte of tokens takes docxtemplater over a second here; the limit is a tenth of that.
    const slow = docxBomb(0.5);
    expect(await refusalOf(offThread('inspectDocx', [slow], { timeLimitMs: 100 }))).toMatchObject({
      reason: 'time',
    });
    expect((await offThread('inspectDocx', [docx(paragraph('{after}'))])).tokens).toEqual(['after']);
  });

  it('refuses a PDF whose object stream unpacks past the budget, and reads a normal one', async () => {
    const refused = await refusalOf(offThread('pageSizes', [pdfBomb(100)]));
    expect(refused).toMatchObject({ reason: 'size', message: FILE_REFUSED_MESSAGES.size });
    await expect(offThread('watermarkPdf', [pdfBomb(100), 'a@example.com'])).rejects.toBeInstanceOf(
      FileRefused,
    );
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]);
    pdf.addPage([792, 612]);
    const bytes = await pdf.save();
    expect(await offThread('pageSizes', [bytes])).toEqual([
      { width: 612, height: 792 },
      { width: 792, height: 612 },
    ]);
    const marked = await PDFDocument.load(await offThread('watermarkPdf', [bytes, 'a@example.com']));
    expect(marked.getPageCount()).toBe(2);
  });

  it('refuses a PNG whose image data inflates past its pixels, and accepts a real signature', async () => {
    expect(await refusalOf(offThread('signaturePng', [await pngBomb(2400, 1200, 100)]))).toMatchObject({
      reason: 'size',
    });
    const png = Buffer.from(SIGNATURE_PNG.split(',')[1], 'base64');
    expect(await offThread('signaturePng', [png])).toBe(true);
  });
});
