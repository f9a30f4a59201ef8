/**
 * Breaking a paragraph's runs into lines for the Markdown layout: words measured in their fonts, signing
 * boxes as unbreakable words of their own width, and each line's height (taller where a box stands).
 */
import type { PDFFont } from 'pdf-lib';
import { BOX_SIZES, CAPTION_DEPTH } from './field-boxes.ts';
import type { EmbeddedFonts } from './fonts.ts';
import type { Run, Tag } from './markdown-blocks.ts';

/** Line height as a multiple of the font size. */
export const LINE = 1.35;
/** Space between a box and the line above it. */
const BOX_HEADROOM = 3;

type Glyphs = { text: string; font: PDFFont; width: number };
/** A signing tag's place: as wide as its kind's box, or as its line when the line is narrower. */
type Box = { tag: Tag; width: number };
type Word = Glyphs | Box;
/** Words with nothing between them (a bold part of a word), followed by a space or a forced break. */
type Chunk = { words: Word[]; width: number; space: number; breakAfter: boolean };
export type Placed = Word & { x: number };

export const isBox = (word: Word): word is Box => 'tag' in word;

// Where a line may break: spaces, but not the no-break ones.
const BREAKABLE = /(\n|[^\S\n\u00A0\u202F]+)/;

function chunksOf(runs: Run[], fonts: EmbeddedFonts, size: number, lineWidth: number): Chunk[] {
  const chunks: Chunk[] = [];
  let chunk: Chunk | null = null;
  const start = () => {
    const fresh: Chunk = { words: [], width: 0, space: 0, breakAfter: false };
    chunks.push(fresh);
    return fresh;
  };
  for (const run of runs) {
    if (run.tag) {
      chunk ??= start();
      const width = Math.min(BOX_SIZES[run.tag.kind].width, lineWidth);
      chunk.words.push({ tag: run.tag, width });
      chunk.width += width;
      continue;
    }
    for (const part of run.text.split(BREAKABLE)) {
      if (!part) continue;
      const blank = BREAKABLE.test(part);
      if (part === '\n') (chunk ?? start()).breakAfter = true;
      else if (blank && chunk) chunk.space = fonts.widthOf(' ', size, run);
      else if (!blank) {
        chunk ??= start();
        // A word in one style may still need two fonts (a CJK name among Latin letters).
        for (const { text, font } of fonts.pieces(part, run)) {
          const width = font.widthOfTextAtSize(text, size);
          chunk.words.push({ text, font, width });
          chunk.width += width;
        }
        continue;
      }
      chunk = null;
    }
  }
  return chunks;
}

/** Words too long for a line, cut into pieces that fit; a box is never cut, it starts a line instead. */
function cut(words: Word[], width: number, size: number): Word[][] {
  const lines: Word[][] = [[]];
  let used = 0;
  for (const word of words) {
    if (isBox(word)) {
      if (used > 0 && used + word.width > width) {
        lines.push([]);
        used = 0;
      }
      lines[lines.length - 1].push(word);
      used += word.width;
      continue;
    }
    const { text, font } = word;
    // By characters, not UTF-16 units, so a character outside the BMP is never cut in two.
    let rest = Array.from(text);
    while (rest.length) {
      let n = 0;
      while (n < rest.length && used + font.widthOfTextAtSize(rest.slice(0, n + 1).join(''), size) <= width)
        n++;
      if (n === 0 && used === 0) n = 1;
      if (n > 0) {
        const piece = rest.slice(0, n).join('');
        const pieceWidth = font.widthOfTextAtSize(piece, size);
        lines[lines.length - 1].push({ text: piece, font, width: pieceWidth });
        used += pieceWidth;
        rest = rest.slice(n);
      }
      if (rest.length) {
        lines.push([]);
        used = 0;
      }
    }
  }
  return lines.filter((line) => line.length);
}

/** Runs broken into lines that fit `width`, each word placed at its x from the line's start. */
export function wrap(runs: Run[], fonts: EmbeddedFonts, size: number, width: number): Placed[][] {
  const lines: Placed[][] = [];
  let line: Placed[] = [];
  let x = 0;
  let gap = 0;
  const endLine = () => {
    lines.push(line);
    line = [];
    x = 0;
  };
  for (const chunk of chunksOf(runs, fonts, size, width)) {
    const pieces = chunk.width > width ? cut(chunk.words, width, size) : [chunk.words];
    for (const [index, words] of pieces.entries()) {
      const piecesWidth = words.reduce((sum, word) => sum + word.width, 0);
      if (line.length && x + gap + piecesWidth > width) endLine();
      if (line.length) x += gap;
      for (const word of words) {
        line.push({ ...word, x });
        x += word.width;
      }
      if (index < pieces.length - 1) endLine();
    }
    gap = chunk.space;
    if (chunk.breakAfter) endLine();
  }
  if (line.length || !lines.length) lines.push(line);
  return lines;
}

/** A line's words as few strings as possible: neighbours in one font, a space apart or touching. */
export function merge(line: Placed[], size: number): Placed[] {
  const merged: Placed[] = [];
  for (const word of line) {
    const last = merged.at(-1);
    if (!last || isBox(last) || isBox(word)) {
      merged.push({ ...word });
      continue;
    }
    const space = last.font.widthOfTextAtSize(' ', size);
    const end = last.x + last.width;
    if (last.font === word.font && Math.abs(word.x - end) < 0.01) {
      last.text += word.text;
      last.width += word.width;
    } else if (last.font === word.font && Math.abs(word.x - end - space) < 0.01) {
      last.text += ` ${word.text}`;
      last.width += space + word.width;
    } else merged.push({ ...word });
  }
  return merged;
}

/**
 * How far a line reaches above its baseline, and its whole height: text's, or more when a box stands on
 * the line (a signature's space above, its caption below).
 */
export function metricsOf(line: Placed[], size: number): { ascent: number; height: number } {
  let ascent = size;
  let descent = size * (LINE - 1);
  for (const word of line) {
    if (!isBox(word)) continue;
    ascent = Math.max(ascent, BOX_SIZES[word.tag.kind].height + BOX_HEADROOM);
    descent = Math.max(descent, CAPTION_DEPTH);
  }
  return { ascent, height: ascent + descent };
}
