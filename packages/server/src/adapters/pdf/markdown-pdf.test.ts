import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { markdownToPdf, parseInline, toWinAnsi } from './markdown-pdf.ts';

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of each page, as pdf.js reads it. */
async function pagesText(bytes: Uint8Array) {
  const pdf = await getDocument({
    data: bytes.slice(),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
  await pdf.destroy();
  return { pages, title: info.Title };
}

describe('markdownToPdf', () => {
  it('draws headings, paragraphs, lists and tables, and sets the title', async () => {
    const markdown = [
      '# Certificate of Incorporation',
      '## Article I',
      'The name of the corporation is **Acme, Inc.** (the *Corporation*).',
      '- first item',
      '1. numbered item',
      '',
      '| Incorporator | Signature |',
      '|---|---|',
      '| Ada Lovelace | ______________________ |',
    ].join('\n');
    const { pages, title } = await pagesText(await markdownToPdf(markdown, { title: 'Certificate' }));
    expect(title).toBe('Certificate');
    const text = pages.join(' ');
    for (const expected of [
      'Certificate of Incorporation',
      'Article I',
      'Acme, Inc.',
      'first item',
      'numbered item',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Incorporator');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Page 1 of 1');
  });

  it('wraps long paragraphs and breaks pages, numbering them', async () => {
    const paragraph = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const markdown = Array.from({ length: 30 }, () => paragraph).join('\n\n');
    const { pages } = await pagesText(await markdownToPdf(markdown, { title: 'Long' }));
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(pages[0]).toContain('word59');
  });

  it('never throws on characters the standard fonts lack', async () => {
    const bytes = await markdownToPdf('# Résumé “quoted” — 😀 中文', { title: 'Ünïcode ✓' });
    const { pages } = await pagesText(bytes);
    expect(pages[0]).toContain('Résumé "quoted" - ? ??');
  });

  it('reads emphasis and keeps signature lines as text', () => {
    expect(parseInline('a **b** *c* ____ x\\*y')).toEqual([
      { bold: false, italic: false, text: 'a ' },
      { bold: true, italic: false, text: 'b' },
      { bold: false, italic: false, text: ' ' },
      { bold: false, italic: true, text: 'c' },
      { bold: false, italic: false, text: ' ____ x*y' },
    ]);
    expect(toWinAnsi('“a”…')).toBe('"a"...');
  });
});
