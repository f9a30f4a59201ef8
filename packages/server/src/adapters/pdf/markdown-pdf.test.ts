import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as fontkit from 'fontkit';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { BOX_SIZES } from './field-boxes.ts';
import { bundledFontFiles } from './fonts.ts';
import { markdownToPdf } from './markdown-pdf.ts';

const run = promisify(execFile);
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

/** The bundled fonts by PostScript name ('NotoSans-Bold'). */
const bundled = new Map(
  bundledFontFiles().map((file) => {
    const font = fontkit.create(readFileSync(file)) as fontkit.Font;
    return [font.postscriptName, font];
  }),
);

/**
 * Each glyph a PDF embeds, beside the glyph its bundled font has for the same character: the outlines
 * match when the subset is sound (a subsetter bug once left most letters blank while the text layer
 * still read right).
 */
async function embeddedGlyphs(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const decode = (dict: PDFDict, key: string) => {
    const stream = dict.lookup(PDFName.of(key));
    if (!(stream instanceof PDFRawStream)) throw new Error(`${key} is not a stream`);
    return decodePDFRawStream(stream).decode();
  };
  const glyphs: Array<{ char: string; font: string; embedded: string; bundled: string | undefined }> = [];
  for (const [, font] of pdf.context.enumerateIndirectObjects()) {
    if (!(font instanceof PDFDict) || font.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const name = font.lookup(PDFName.of('BaseFont'), PDFName).decodeText().replace(/-\d+$/, '');
    const cid = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
    const descriptor = cid.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const file = decode(descriptor, 'FontFile2');
    const subset = fontkit.create(Buffer.from(file)) as fontkit.Font;
    const toUnicode = Buffer.from(decode(font, 'ToUnicode')).toString();
    for (const [, id, utf16] of toUnicode.matchAll(/<([0-9a-f]{4})> <([0-9a-f]+)>/gi)) {
      const char = String.fromCharCode(
        ...(utf16.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)),
      );
      glyphs.push({
        char,
        font: name,
        embedded: subset.getGlyph(Number.parseInt(id, 16)).path.toSVG(),
        bundled: bundled
          .get(name)
          ?.glyphForCodePoint(char.codePointAt(0) ?? 0)
          .path.toSVG(),
      });
    }
  }
  return glyphs;
}

/** The document's bytes, for the tests that read only them. */
const pdfOf = async (...args: Parameters<typeof markdownToPdf>) => (await markdownToPdf(...args)).bytes;

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
    const bytes = await pdfOf(markdown, { title: 'Certificate — Acme', subject: 'Formation' });
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
    const { pages, texts } = await readPdf(await pdfOf(markdown, { title: 'Long' }));
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
      await pdfOf(`- ${long}\n\n| A | B |\n|---|---|\n| ${long} | b |`, { title: 'T' }),
    );
    const [page] = pages;
    const first = page.find((item) => item.text.includes('term0'));
    const wrapped = page.find((item) => item.text.startsWith('term') && item.y < (first?.y ?? 0));
    expect(wrapped?.x).toBe(first?.x);
    expect(page.filter((item) => item.text.includes('term39'))).toHaveLength(2);
  });

  it('splits a table row taller than a page across pages, repeating the header', async () => {
    const cell = Array.from({ length: 1200 }, (_, i) => `w${i}`).join(' ');
    const { texts } = await readPdf(await pdfOf(`| Head |\n|---|\n| ${cell} |`, { title: 'T' }));
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) expect(text).toContain('Head');
    expect(texts.join(' ')).toContain('w1199');
  });

  it('draws names in any of the bundled scripts exactly, and stands in for what no font has', async () => {
    const names = ['Dvořák', '王小明', 'Zoë Ångström', 'Łukasz', 'Ελευθερία', 'Чайковский', '山田 はなこ'];
    const markdown = [
      `# Share purchase: ${names[0]} and ${names[1]}`,
      `**${names[2]}** sold to *${names[3]}* and ***${names[1]}***; “quoted” – € ✓`,
      '',
      '| Name | Shares |',
      '|---|---|',
      ...names.map((name) => `| ${name} | 1,000,000 |`),
      '',
      'Emoji 😀 and a soft\u00ADhyphen',
    ].join('\n');
    const bytes = await pdfOf(markdown, { title: 'Ünïcode ✓ 王' });
    const { all, info } = await readPdf(bytes);
    for (const name of names) expect(all).toContain(name);
    expect(all).toContain('“quoted” – € ✓');
    expect(all).toContain('Emoji ? and a softhyphen');
    expect(info.Title).toBe('Ünïcode ✓ 王');
    // Every glyph is drawn from its font's own outline, the CJK ones from Noto Sans SC.
    const glyphs = await embeddedGlyphs(bytes);
    for (const char of 'řŁëÅ王小明ΕЧは') expect(glyphs.some((glyph) => glyph.char === char)).toBe(true);
    const faces = (char: string) => glyphs.filter((glyph) => glyph.char === char).map((glyph) => glyph.font);
    expect(faces('王').sort()).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
    expect(faces('Ł').sort()).toEqual(['NotoSans-Italic', 'NotoSans-Regular']);
    for (const glyph of glyphs) {
      expect(glyph.embedded, `${glyph.char} in ${glyph.font}`).toBe(glyph.bundled);
      if (glyph.char.trim()) expect(glyph.embedded).not.toBe('');
    }
  });

  it('embeds only the glyphs it draws, and the CJK font only when a character needs it', async () => {
    const fontsOf = async (markdown: string) => {
      const bytes = await pdfOf(markdown, { title: 'T' });
      const names = (await PDFDocument.load(bytes)).context
        .enumerateIndirectObjects()
        .flatMap(([, object]) => (object instanceof PDFDict ? [object.get(PDFName.of('BaseFont'))] : []))
        .flatMap((name) => (name instanceof PDFName ? [name.decodeText()] : []));
      return { size: bytes.length, names };
    };
    const latin = await fontsOf('# Dvořák\n\nŁukasz *Zoë*');
    const cjk = await fontsOf('# Dvořák\n\nŁukasz *Zoë* 王小明');
    expect(latin.names.some((name) => name.startsWith('NotoSans-Regular'))).toBe(true);
    expect(latin.names.some((name) => name.startsWith('NotoSansSC'))).toBe(false);
    expect(cjk.names.some((name) => name.startsWith('NotoSansSC-Regular'))).toBe(true);
    // The full faces weigh 0.6 MB each, the CJK one 10 MB.
    expect(latin.size).toBeLessThan(30_000);
    expect(cjk.size).toBeLessThan(50_000);
  });

  it('makes documents side by side from the fonts it loaded once', async () => {
    const texts = ['王小明 Dvořák', '李华 Łukasz', 'Ζωή Ångström'];
    const pdfs = await Promise.all(texts.map((text) => pdfOf(`# ${text}\n\n${text}`, { title: text })));
    for (const [i, bytes] of pdfs.entries()) expect((await readPdf(bytes)).all).toContain(texts[i]);
  });
});

/** The words pdftotext reads on each page, with their boxes (points, top-left origin). */
async function popplerWords(bytes: Uint8Array) {
  const dir = await mkdtemp(path.join(tmpdir(), 'charter-md-test-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-bbox', file, '-']);
    return stdout
      .split('<page ')
      .slice(1)
      .map((page) =>
        Array.from(
          page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
          (m) => ({
            text: m[5],
            x: Number(m[1]),
            y: Number(m[2]),
            bottom: Number(m[4]),
          }),
        ),
      );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('markdownToPdf with signing tags', () => {
  const block = [
    '# Agreement',
    '',
    'Initial each page: {{initials:Company}}',
    '',
    '| **Acme, Inc.** | **Globex** |',
    '|---|---|',
    '| {{sign:Company}} | {{sign:Counterparty}} |',
    '| {{name:Company}} | {{name:Counterparty}} |',
    '| {{date:Company}} | {{date:Counterparty}} |',
    '',
    // An answer that looks like a tag is escaped into the body (render-body's escapeMarkdown), and stays text.
    'Notes: \\{\\{sign:Company\\}\\}',
  ].join('\n');

  it('draws each tag as a box with its caption, and returns it as a field inside the page', async () => {
    const { bytes, fields } = await markdownToPdf(block, { title: 'T' });
    expect(fields.map((f) => `${f.kind}:${f.role}`)).toEqual([
      'initials:Company',
      'signature:Company',
      'signature:Counterparty',
      'name:Company',
      'name:Counterparty',
      'date:Company',
      'date:Counterparty',
    ]);
    const signature = fields[1];
    expect(signature).toMatchObject({ page: 0, width: 180, height: 36, required: true });
    for (const field of fields) {
      expect(field.x).toBeGreaterThanOrEqual(72);
      expect(field.x + field.width).toBeLessThanOrEqual(612 - 72);
      expect(field.y).toBeGreaterThanOrEqual(72);
      expect(field.y + field.height).toBeLessThanOrEqual(792 - 72);
    }
    // The two signatures stand side by side, in their columns, above their names.
    expect(fields[2].y).toBe(signature.y);
    expect(fields[2].x).toBeGreaterThan(signature.x + signature.width);
    expect(fields[3].y).toBeGreaterThan(signature.y + signature.height);

    const [words] = await popplerWords(bytes);
    const text = words.map((word) => word.text).join(' ');
    expect(text).toContain('Signature — Company');
    expect(text).toContain('Signature — Counterparty');
    expect(text).toContain('Date — Counterparty');
    // The tags themselves are not in the text layer (a text tag search finds nothing to add), except the
    // escaped answer, which reads as written.
    expect(text.match(/\{\{/g)).toHaveLength(1);
    expect(text).toContain('Notes: {{sign:Company}}');
    // Each caption is printed just under its box.
    const caption = words.find(
      (word, i) => word.text === 'Signature' && words[i + 2]?.text === 'Counterparty',
    );
    expect(caption?.x).toBeCloseTo(fields[2].x, 0);
    expect(caption?.y).toBeGreaterThan(fields[2].y + fields[2].height);
    expect(caption?.y).toBeLessThan(fields[2].y + fields[2].height + 6);
  });

  it('narrows a box to a narrow column, and records a box on the page it is drawn on', async () => {
    const filler = Array.from({ length: 46 }, (_, i) => `${i + 1}. clause ${i + 1}`).join('\n');
    const markdown = `${filler}\n\n| A | B | C |\n|---|---|---|\n| {{sign:Company}} | {{check:Company}} | c |`;
    const { bytes, fields } = await markdownToPdf(markdown, { title: 'T' });
    const [signature, box] = fields;
    expect(signature.page).toBe(1);
    expect(signature.width).toBeLessThan(180);
    expect(signature.x + signature.width).toBeLessThanOrEqual(72 + 156);
    expect(box).toMatchObject({
      kind: 'checkbox',
      page: 1,
      width: BOX_SIZES.checkbox.width,
      height: BOX_SIZES.checkbox.height,
      required: false,
    });
    const pages = await popplerWords(bytes);
    expect(pages).toHaveLength(2);
    expect(pages[1].map((word) => word.text).join(' ')).toContain('Signature — Company');
  });
});
