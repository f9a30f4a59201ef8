import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { markdownToPdf, parseInline, parseMarkdown, toWinAnsi } from './markdown-pdf.ts';

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

type Item = { text: string; x: number; y: number };

/** Each page's text items with where they stand, and the document's metadata, as pdf.js reads them. */
async function readPdf(bytes: Uint8Array) {
  const pdf = await getDocument({
    data: bytes.slice(),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const pages: Item[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items.flatMap((item) =>
        'str' in item && item.str.trim()
          ? [{ text: item.str, x: item.transform[4], y: item.transform[5] }]
          : [],
      ),
    );
  }
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string; Subject?: string } };
  await pdf.destroy();
  const text = (page: Item[]) => page.map((item) => item.text).join(' ');
  return { pages, texts: pages.map(text), all: pages.map(text).join(' '), info };
}

const lineOf = (items: Item[], word: string) => items.find((item) => item.text.includes(word))?.y;

describe('markdownToPdf', () => {
  it('draws headings, emphasis, lists and tables, and sets the metadata', async () => {
    const markdown = [
      '# Certificate of Incorporation',
      '## Article I',
      'The name of the corporation is **Acme, Inc.** (the *Corporation*).',
      '### Section 1.1',
      '',
      '- first item',
      '  - nested item',
      '1. numbered item',
      '2. second numbered item',
      '',
      '---',
      '| Incorporator | Signature |',
      '|---|---|',
      '| Ada Lovelace | ______________________ |',
      '| Escaped \\| pipe | Date: __________ |',
    ].join('\n');
    const bytes = await markdownToPdf(markdown, { title: 'Certificate — Acme', subject: 'Formation' });
    const { all, info } = await readPdf(bytes);
    expect(info).toMatchObject({ Title: 'Certificate — Acme', Subject: 'Formation' });
    for (const expected of [
      'Certificate of Incorporation',
      'Article I',
      'Section 1.1',
      'Acme, Inc.',
      'Corporation',
      'first item',
      'nested item',
      '1.',
      'numbered item',
      'second numbered item',
      'Incorporator',
      'Signature',
      'Ada Lovelace',
      '______________________',
      'Escaped | pipe',
      'Date: __________',
      'Page 1 of 1',
    ]) {
      expect(all).toContain(expected);
    }
    expect(all).not.toContain('**');
  });

  it('wraps paragraphs, breaks pages and numbers them', async () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const items = Array.from({ length: 40 }, (_, i) => `${i + 1}. clause number ${i + 1}`);
    const markdown = ['# Long document', words, '', ...items].join('\n');
    const { pages, texts } = await readPdf(await markdownToPdf(markdown, { title: 'Long' }));
    expect(pages).toHaveLength(2);
    expect(texts[0]).toContain('Page 1 of 2');
    expect(texts[1]).toContain('Page 2 of 2');
    // Every word is drawn, over several lines.
    for (let i = 0; i < 80; i++) expect(texts[0]).toMatch(new RegExp(`\\bword${i}\\b`));
    expect(lineOf(pages[0], 'word79')).toBeLessThan(lineOf(pages[0], 'word0') ?? 0);
    expect(texts[0]).toContain('clause number 1');
    expect(texts[1]).toContain('clause number 40');
  });

  it('wraps list items and table cells with a hanging indent', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `term${i}`).join(' ');
    const { pages } = await readPdf(
      await markdownToPdf(`- ${long}\n\n| A | B |\n|---|---|\n| ${long} | b |`, { title: 'T' }),
    );
    const [page] = pages;
    const first = page.find((item) => item.text.includes('term0'));
    const wrapped = page.find((item) => item.text.startsWith('term') && item.y < (first?.y ?? 0));
    expect(wrapped?.x).toBe(first?.x);
    expect(page.filter((item) => item.text.includes('term39'))).toHaveLength(2);
  });

  it('splits a table row taller than a page across pages, repeating the header', async () => {
    const cell = Array.from({ length: 1200 }, (_, i) => `w${i}`).join(' ');
    const { texts } = await readPdf(await markdownToPdf(`| Head |\n|---|\n| ${cell} |`, { title: 'T' }));
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) expect(text).toContain('Head');
    expect(texts.join(' ')).toContain('w1199');
  });

  it('never throws on characters the standard fonts lack', async () => {
    const markdown = '# Résumé “quoted” — 😀 中文 👩‍💻 Łódź ✓ €5\n\nnaïve café\u00ADteria \u200Bzero';
    const bytes = await markdownToPdf(markdown, { title: 'Ünïcode ✓ 😀' });
    const { all, info } = await readPdf(bytes);
    expect(all).toContain('Résumé "quoted" — ? ?? ?? Lódz ? €5');
    expect(all).toContain('naïve caféteria zero');
    expect(info.Title).toBe('Ünïcode ✓ 😀');
  });
});

describe('parsing', () => {
  it('reads emphasis, leaving unmatched marks and signature lines as text', () => {
    expect(parseInline('a **b** *c* _d_ ____ x\\*y 2 * 3 snake_case_name *open')).toEqual([
      { bold: false, italic: false, text: 'a ' },
      { bold: true, italic: false, text: 'b' },
      { bold: false, italic: false, text: ' ' },
      { bold: false, italic: true, text: 'c' },
      { bold: false, italic: false, text: ' ' },
      { bold: false, italic: true, text: 'd' },
      { bold: false, italic: false, text: ' ____ x*y 2 * 3 snake_case_name *open' },
    ]);
  });

  it('reads blocks: continued and nested items, tables, rules, and blank lines as text', () => {
    const blocks = parseMarkdown(
      '1. one\ncontinued\n   - nested\n2. two\n\n| a | b |\n|:--|--:|\n| c |\n\n---\n__________',
    );
    expect(blocks.map((block) => block.kind)).toEqual([
      'item',
      'item',
      'item',
      'space',
      'table',
      'space',
      'rule',
      'paragraph',
    ]);
    expect(blocks[0]).toMatchObject({ marker: '1.', depth: 0, runs: [{ text: 'one continued' }] });
    expect(blocks[1]).toMatchObject({ marker: '-', depth: 1 });
    expect(blocks[4]).toMatchObject({
      kind: 'table',
      header: true,
      rows: [[[{ text: 'a' }], [{ text: 'b' }]], [[{ text: 'c' }]]],
    });
  });

  it('maps text to what WinAnsi can draw', () => {
    expect(toWinAnsi('“a” ‘b’ … ™ é ő 😀\u200D\t')).toBe('"a" \'b\' … ™ é o ? ');
  });
});
