import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
// The two files, not the whole domain: the file worker loads this module (see untrusted/tasks.ts).
import type { FieldKind, SigningField } from '@charter/domain/signing/fields';
import { isOptionalKind, SIGNING_TAG, TAG_KINDS, type TagKeyword } from '@charter/domain/signing/tags';
import { Parser } from 'htmlparser2';
import { offThread } from '../untrusted/pool.ts';
import { FileRefused } from '../untrusted/refusal.ts';
import type { PageSize } from './poppler.ts';
import { runPoppler, withPdfFile } from './poppler.ts';

/** pdftotext's layout of a PDF past this is not read (a page of text takes tens of KB). */
export const LAYOUT_LIMIT = 64 * 1024 * 1024;

/** A word of the text layer: its box in points, from the page's top-left corner. */
type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };
type Page = PageSize & { lines: Word[][] };
type Rect = { x0: number; y0: number; x1: number; y1: number };

/**
 * The least a field found in text takes, in points: a tag typed small still leaves room to sign. Smaller
 * than a generated document's boxes, since the tag was placed by someone who saw the page.
 */
const MINIMUM: Record<FieldKind, { width: number; height: number }> = {
  signature: { width: 150, height: 30 },
  initials: { width: 50, height: 25 },
  date: { width: 80, height: 14 },
  name: { width: 120, height: 14 },
  text: { width: 120, height: 14 },
  checkbox: { width: 10, height: 10 },
};

/**
 * Below this share of a word's height, a gap between two words on a line is a break in how the text was
 * drawn (two runs, a change of font), not a space: '{{sign:Coun' + 'terparty}}' reads as one tag.
 * pdftotext breaks words at gaps over a tenth of the font size; a space is a quarter of it or more, and a
 * word's box is about as tall as the size.
 */
const TIGHT_GAP = 0.2;

/** pdftotext's XHTML (-bbox-layout) as pages of lines of words. */
function parseLayout(xhtml: string): Page[] {
  const pages: Page[] = [];
  let line: Word[] | null = null;
  let word: Word | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const number = (key: string) => Number(attributes[key]);
        if (name === 'page') pages.push({ width: number('width'), height: number('height'), lines: [] });
        else if (name === 'line') {
          line = [];
          pages.at(-1)?.lines.push(line);
        } else if (name === 'word') {
          const box = {
            xMin: number('xMin'),
            yMin: number('yMin'),
            xMax: number('xMax'),
            yMax: number('yMax'),
          };
          word = { text: '', ...box };
        }
      },
      ontext(text) {
        if (word) word.text += text;
      },
      onclosetag(name) {
        if (name === 'word' && word) {
          line?.push(word);
          word = null;
        } else if (name === 'line') line = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xhtml);
  parser.end();
  return pages;
}

const runsAcross = (word: Word) => word.xMax - word.xMin >= word.yMax - word.yMin || word.text.length < 2;

/**
 * The part of a word from character `from` to `to`, cut in proportion to its width (the characters of a
 * tag are about as wide as each other). Text running sideways, on a page turned under it, is not cut:
 * its field covers the whole word.
 */
function slice(word: Word, from: number, to: number): Rect {
  const whole = { x0: word.xMin, y0: word.yMin, x1: word.xMax, y1: word.yMax };
  if (!runsAcross(word)) return whole;
  const perChar = (word.xMax - word.xMin) / word.text.length;
  return { ...whole, x0: word.xMin + from * perChar, x1: word.xMin + to * perChar };
}

/** A line's words as one string, words apart by a space unless they touch, with where each one starts. */
function joinLine(words: Word[]): { text: string; starts: number[] } {
  let text = '';
  const starts: number[] = [];
  for (const [i, word] of words.entries()) {
    const before = words[i - 1];
    const tight =
      before && runsAcross(before) && runsAcross(word)
        ? word.xMin - before.xMax < TIGHT_GAP * (word.yMax - word.yMin)
        : false;
    if (before && !tight) text += ' ';
    starts.push(text.length);
    text += word.text;
  }
  return { text, starts };
}

/** Every tag on a line, with the box of its characters. */
function tagsOnLine(words: Word[]): Array<{ keyword: TagKeyword; role: string; rect: Rect }> {
  const { text, starts } = joinLine(words);
  return Array.from(text.matchAll(SIGNING_TAG), (match) => {
    const start = match.index;
    const end = start + match[0].length;
    const rects = words.flatMap((word, i) => {
      const from = Math.max(start, starts[i]) - starts[i];
      const to = Math.min(end, starts[i] + word.text.length) - starts[i];
      return to > from ? [slice(word, from, to)] : [];
    });
    const rect = {
      x0: Math.min(...rects.map((r) => r.x0)),
      y0: Math.min(...rects.map((r) => r.y0)),
      x1: Math.max(...rects.map((r) => r.x1)),
      y1: Math.max(...rects.map((r) => r.y1)),
    };
    return { keyword: match[1] as TagKeyword, role: match[2].replace(/\s+/g, ' '), rect };
  });
}

/**
 * A tag's field: from the tag's top-left corner, as large as the tag or its kind's minimum, whichever is
 * more (the convention of text tags elsewhere, so a tag typed just above a signature line reaches down
 * onto it). A checkbox is a square as tall as the tag. Moved back, and cut if it must be, to stay on the
 * page.
 */
function fieldOf(kind: FieldKind, role: string, rect: Rect, page: number, size: PageSize): SigningField {
  const least = MINIMUM[kind];
  const tall = Math.max(rect.y1 - rect.y0, least.height);
  let width = kind === 'checkbox' ? tall : Math.max(rect.x1 - rect.x0, least.width);
  let height = tall;
  width = Math.min(width, size.width);
  height = Math.min(height, size.height);
  const x = Math.min(Math.max(rect.x0, 0), size.width - width);
  const y = Math.min(Math.max(rect.y0, 0), size.height - height);
  return { kind, role, page, x, y, width, height, required: !isOptionalKind(kind) };
}

/**
 * The signing tags typed into a PDF's text ({{sign:Role}}, {{initials:Role}}, {{date:Role}},
 * {{name:Role}}, {{text:Role}}, {{check:Role}}), as fields on their pages, for documents made elsewhere
 * (an upload, a Word file converted to PDF). A tag drawn in pieces on one line is found whole; one
 * broken across lines is not. Read with pdftotext, so poppler-utils must be installed.
 */
export async function findTextTags(pdf: Uint8Array): Promise<SigningField[]> {
  const xhtml = await withPdfFile(pdf, async (file, dir) => {
    const out = path.join(dir, 'layout.html');
    await runPoppler('pdftotext', ['-bbox-layout', '-cropbox', '-enc', 'UTF-8', file, out]);
    const { size } = await stat(out);
    if (size > LAYOUT_LIMIT) throw new FileRefused('size', `its text layout takes ${size} bytes`);
    return readFile(out, 'utf8');
  });
  // Read in the worker: the layout of a long document is megabytes of XML, and pdf-lib reads the PDF.
  return offThread('textTags', [xhtml, pdf]);
}

/**
 * The tags of pdftotext's layout as fields. pdftotext gives a turned page's words as shown but its size
 * as stored: pdf-lib's sizes (`sizes`) are the ones that match, when pdf-lib could read the file at all.
 */
export function tagsFromLayout(xhtml: string, sizes: PageSize[]): SigningField[] {
  return parseLayout(xhtml).flatMap((page, index) =>
    page.lines.flatMap((line) =>
      tagsOnLine(line).map(({ keyword, role, rect }) =>
        fieldOf(TAG_KINDS[keyword], role, rect, index, sizes[index] ?? page),
      ),
    ),
  );
}
