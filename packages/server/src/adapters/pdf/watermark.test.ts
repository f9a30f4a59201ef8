import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { runPoppler, withPdfFile } from './poppler.ts';
import { watermarkPdf, watermarkText } from './watermark.ts';

const EMAIL = 'zoë.dvořák@example.com';
const TEXT = watermarkText(EMAIL, new Date('2026-11-25T21:04:59Z'));

/** Letter pages turned 0, 90, 180 and 270 degrees, and one cropped to 400 x 600, each saying which it is. */
async function pages() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const angle of [0, 90, 180, 270]) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Page turned ${angle}`, { x: 72, y: 700, size: 14, font });
    page.setRotation(degrees(angle));
  }
  const cropped = pdf.addPage([612, 792]);
  cropped.setCropBox(50, 50, 400, 600);
  cropped.drawText('Cropped page', { x: 100, y: 500, size: 14, font });
  return pdf.save();
}

/** Each page's text in the order it was drawn (-raw keeps a diagonal line together), spaces removed. */
async function rawTextByPage(pdf: Uint8Array) {
  const text = await withPdfFile(pdf, async (file, dir) => {
    await runPoppler('pdftotext', ['-raw', '-enc', 'UTF-8', file, `${dir}/out.txt`]);
    return (await import('node:fs/promises')).readFile(`${dir}/out.txt`, 'utf8');
  });
  return text
    .split('\f')
    .slice(0, -1)
    .map((page) => page.replace(/\s+/g, ''));
}

type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** One page's words with their boxes as a viewer shows the page (origin top left). */
async function wordsOf(pdf: Uint8Array, page: number) {
  const xhtml = await withPdfFile(pdf, async (file, dir) => {
    const n = String(page + 1);
    await runPoppler('pdftotext', ['-bbox', '-cropbox', '-f', n, '-l', n, file, `${dir}/out.html`]);
    return (await import('node:fs/promises')).readFile(`${dir}/out.html`, 'utf8');
  });
  const size = xhtml.match(/<page width="([\d.]+)" height="([\d.]+)"/);
  const words: Word[] = [];
  for (const m of xhtml.matchAll(
    /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    words.push({ text: m[5], xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4] });
  }
  return { width: Number(size?.[1]), height: Number(size?.[2]), words };
}

describe('watermarkText', () => {
  it('names the viewer and the minute, in UTC', () => {
    expect(TEXT).toBe('zoë.dvořák@example.com · 2026-11-25 21:04 UTC');
    expect(watermarkText('a@b.co', new Date('2027-01-02T03:04:05+05:00'))).toBe(
      'a@b.co · 2027-01-01 22:04 UTC',
    );
  });
});

describe('watermarkPdf', () => {
  it('writes the text on every page, keeping the pages and what they said', async () => {
    const original = await pages();
    const marked = await watermarkPdf(original, TEXT);
    const before = await PDFDocument.load(original);
    const after = await PDFDocument.load(marked);
    expect(after.getPageCount()).toBe(before.getPageCount());
    expect(after.getPages().map((p) => p.getRotation().angle)).toEqual([0, 90, 180, 270, 0]);
    const texts = await rawTextByPage(marked);
    expect(texts).toHaveLength(5);
    const wanted = TEXT.replace(/\s+/g, '');
    for (const [n, text] of texts.entries()) {
      expect(text, `page ${n + 1}`).toContain(wanted);
    }
    expect(texts[1]).toContain('Pageturned90');
    expect(texts[4]).toContain('Croppedpage');
    // Unwatermarked, none of it is there.
    expect((await rawTextByPage(original)).join('')).not.toContain('UTC');
  });

  it('rises along the diagonal of the page as it is shown, turned pages included, centred', async () => {
    const marked = await watermarkPdf(await pages(), TEXT);
    for (const page of [0, 1, 2, 3]) {
      const { words } = await wordsOf(marked, page);
      // (poppler's page size is the unturned one; its word boxes are as shown.)
      const [width, height] = page % 2 === 1 ? [792, 612] : [612, 792];
      const mark = words.filter((w) => !/^(Page|turned|\d+)$/.test(w.text) || w.yMax - w.yMin > 30);
      const first = mark.find((w) => w.text.startsWith('z'));
      const last = mark.find((w) => w.text.endsWith('C'));
      expect(first, `page ${page + 1}`).toBeDefined();
      expect(last, `page ${page + 1}`).toBeDefined();
      // Bottom left to top right, as the viewer sees the page, whatever its rotation.
      expect(first!.xMax).toBeLessThan(width / 2);
      expect(first!.yMin).toBeGreaterThan(height / 2);
      expect(last!.xMin).toBeGreaterThan(width / 2);
      expect(last!.yMax).toBeLessThan(height / 2);
      const centre = { x: (first!.xMin + last!.xMax) / 2, y: (first!.yMax + last!.yMin) / 2 };
      expect(Math.abs(centre.x - width / 2)).toBeLessThan(width * 0.08);
      expect(Math.abs(centre.y - height / 2)).toBeLessThan(height * 0.08);
      // Inside the page.
      for (const w of mark) {
        expect(w.xMin).toBeGreaterThanOrEqual(0);
        expect(w.yMin).toBeGreaterThanOrEqual(0);
        expect(w.xMax).toBeLessThanOrEqual(width);
        expect(w.yMax).toBeLessThanOrEqual(height);
      }
    }
  });

  it('keeps to the cropped part a viewer shows', async () => {
    const marked = await watermarkPdf(await pages(), TEXT);
    // pdftotext reads the crop box: the page is 400 x 600 and the text lies within it.
    const { width, height, words } = await wordsOf(marked, 4);
    expect([width, height]).toEqual([400, 600]);
    const mark = words.filter((w) => w.text !== 'Cropped' && w.text !== 'page');
    expect(mark.length).toBeGreaterThan(0);
    for (const w of mark) {
      expect(w.xMin).toBeGreaterThanOrEqual(0);
      expect(w.yMax).toBeLessThanOrEqual(height);
    }
  });

  it('draws any script the bundled fonts have, Chinese included', async () => {
    const text = watermarkText('王小明@例子.公司', new Date('2026-11-25T21:04:00Z'));
    const marked = await watermarkPdf(await pages(), text);
    const texts = await rawTextByPage(marked);
    for (const page of texts) expect(page).toContain('王小明@例子.公司·2026-11-2521:04UTC');
  });

  it('refuses what it cannot read rather than hand it out unmarked', async () => {
    await expect(watermarkPdf(Buffer.from('not a pdf'), TEXT)).rejects.toThrow();
  });
});
