import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** US Letter, one-inch margins. */
const PAGE = { width: 612, height: 792, margin: 72 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BODY_SIZE = 11;
const HEADING_SIZES = [20, 15, 12.5];
const LINE = 1.35;
const LIST_INDENT = 20;
const CELL_PAD = 5;
const FOOTER = { y: 36, size: 9 };
const INK = rgb(0.1, 0.1, 0.1);
const GRID = rgb(0.6, 0.6, 0.6);

type Style = { bold: boolean; italic: boolean };
type Run = Style & { text: string };
type Block =
  | { kind: 'heading'; level: number; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'item'; marker: string; depth: number; runs: Run[] }
  | { kind: 'table'; header: boolean; rows: Run[][][] }
  | { kind: 'rule' }
  | { kind: 'space' };

// What the standard fonts draw (WinAnsi) besides printable ASCII and Latin-1: Windows-1252's 0x80-0x9F.
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u00A0': ' ',
  '\u2028': ' ',
  '\u2029': ' ',
  '\t': ' ',
  // Letters NFD does not take apart.
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
};
// Format characters (soft hyphens, zero-width joiners, byte-order marks) and marks left after NFC.
const INVISIBLE = /^[\p{Cf}\p{M}]$/u;

/**
 * Only what the standard fonts can draw, so drawing never throws: smart quotes become plain ones,
 * accented letters outside Latin-1 lose their accents ('ő' -> 'o'), invisible marks go, the rest is '?'.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else if (INVISIBLE.test(char)) continue;
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char))
      out += char;
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += /^[\x20-\x7e]+$/.test(bare) ? bare : '?';
    }
  }
  return out;
}

type Delimiter = { mark: '*' | '**' | '_'; canOpen: boolean; canClose: boolean; pair?: 'open' | 'close' };

/** Text and emphasis delimiters, with backslash escapes resolved; a run of underscores is text. */
function inlinePieces(text: string): Array<string | Delimiter> {
  const pieces: Array<string | Delimiter> = [];
  let buffer = '';
  for (let i = 0; i < text.length; ) {
    const char = text[i];
    if (char === '\\' && /[!-/:-@[-`{-~]/.test(text[i + 1] ?? '')) {
      buffer += text[i + 1];
      i += 2;
    } else if (char === '*' || char === '_') {
      let end = i;
      while (text[end] === char) end++;
      const length = end - i;
      const mark =
        char === '_' ? (length === 1 ? '_' : null) : length === 1 ? '*' : length === 2 ? '**' : null;
      const before = text[i - 1] ?? ' ';
      const after = text[end] ?? ' ';
      if (mark) {
        // CommonMark's flanking rules, simplified: no emphasis next to spaces, nor inside words for '_'.
        const word = /[\p{L}\p{N}]/u;
        pieces.push(buffer, {
          mark,
          canOpen: !/\s/.test(after) && !(mark === '_' && word.test(before)),
          canClose: !/\s/.test(before) && !(mark === '_' && word.test(after)),
        });
        buffer = '';
      } else buffer += text.slice(i, end);
      i = end;
    } else {
      buffer += char;
      i++;
    }
  }
  pieces.push(buffer);
  return pieces.filter((piece) => piece !== '');
}

/** **bold**, *italic* (or _italic_) runs of a line; a delimiter that closes nothing is shown as typed. */
export function parseInline(text: string): Run[] {
  const pieces = inlinePieces(text);
  const open: Delimiter[] = [];
  for (const piece of pieces) {
    if (typeof piece === 'string') continue;
    const opener = piece.canClose ? open.findLastIndex((o) => o.mark === piece.mark) : -1;
    if (opener >= 0) {
      open[opener].pair = 'open';
      piece.pair = 'close';
      open.length = opener;
    } else if (piece.canOpen) open.push(piece);
  }
  const runs: Run[] = [];
  const depth = { bold: 0, italic: 0 };
  let current = '';
  const flush = () => {
    if (current) runs.push({ bold: depth.bold > 0, italic: depth.italic > 0, text: current });
    current = '';
  };
  for (const piece of pieces) {
    if (typeof piece === 'string' || !piece.pair) current += typeof piece === 'string' ? piece : piece.mark;
    else {
      flush();
      depth[piece.mark === '**' ? 'bold' : 'italic'] += piece.pair === 'open' ? 1 : -1;
    }
  }
  flush();
  return runs;
}

/** The cells of a table row, split on the pipes that are not escaped. */
function splitCells(row: string): Run[][] {
  const cells: string[] = [];
  let cell = '';
  let endsWithPipe = false;
  const text = row.trim().replace(/^\|/, '');
  for (let i = 0; i < text.length; i++) {
    endsWithPipe = text[i] === '|';
    if (text[i] === '\\' && i + 1 < text.length) cell += text[i] + text[++i];
    else if (endsWithPipe) {
      cells.push(cell);
      cell = '';
    } else cell += text[i];
  }
  if (!endsWithPipe || cell.trim()) cells.push(cell);
  return cells.map((c) => parseInline(c.trim()));
}

const SEPARATOR_ROW = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/;
const LIST_ITEM = /^([-*+]|\d+[.)])\s+(.*)$/;
const LIST_ITEM_START = /^([-*+]|\d+[.)])\s+/;

/**
 * Markdown's blocks: # to ### headings (deeper ones as ###), paragraphs (a line ending in two spaces or a
 * backslash breaks), - and 1. lists (nested by indentation, continued by the lines that follow an item),
 * | tables | (the row above a |---| separator as header), --- and *** rules, and blank lines. A line of
 * underscores is text, not a rule: it is what a missing answer or a place to write looks like.
 */
export function parseMarkdown(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let text: string[] = [];
  let item: { marker: string; depth: number } | null = null;
  let indents: number[] = [];
  const endText = () => {
    const joined = text
      .map((line, i) =>
        i < text.length - 1 && /( {2,}|\\)$/.test(line)
          ? `${line.replace(/( +|\\)$/, '')}\n`
          : `${line.trim()} `,
      )
      .join('')
      .trim();
    if (joined && item) blocks.push({ kind: 'item', ...item, runs: parseInline(joined) });
    else if (joined) blocks.push({ kind: 'paragraph', runs: parseInline(joined) });
    text = [];
    item = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\t/g, '    ');
    // Trailing spaces are kept: two of them end a line with a break.
    const content = line.trimStart();
    const trimmed = content.trimEnd();
    const indent = line.length - content.length;
    const heading = /^(#{1,6})\s+(.*?)(\s+#+)?$/.exec(trimmed);
    const listItem = LIST_ITEM.exec(trimmed);
    if (!trimmed) {
      endText();
      if (blocks.length && blocks.at(-1)?.kind !== 'space') blocks.push({ kind: 'space' });
    } else if (heading) {
      endText();
      indents = [];
      const level = Math.min(heading[1].length, HEADING_SIZES.length);
      blocks.push({ kind: 'heading', level, runs: parseInline(heading[2]) });
    } else if (/^(-\s*){3,}$|^(\*\s*){3,}$/.test(trimmed)) {
      endText();
      indents = [];
      blocks.push({ kind: 'rule' });
    } else if (trimmed.startsWith('|')) {
      endText();
      indents = [];
      const rows: string[] = [];
      while (i < lines.length && lines[i].trim().startsWith('|')) rows.push(lines[i++].trim());
      i--;
      const header = rows.length > 1 && SEPARATOR_ROW.test(rows[1]);
      const cells = rows.filter((row, r) => !(r > 0 && SEPARATOR_ROW.test(row))).map(splitCells);
      blocks.push({ kind: 'table', header, rows: cells });
    } else if (listItem) {
      endText();
      while (indents.length && indent < (indents.at(-1) ?? 0)) indents.pop();
      if (!indents.length || indent > (indents.at(-1) ?? 0)) indents.push(indent);
      const marker = /\d/.test(listItem[1]) ? listItem[1].replace(')', '.') : indents.length > 1 ? '-' : '•';
      item = { marker, depth: Math.min(indents.length - 1, 4) };
      text.push(content.replace(LIST_ITEM_START, ''));
    } else {
      // A line right after an item continues it; anything else starts a paragraph and ends the list.
      if (!item && !text.length) indents = [];
      text.push(content);
    }
  }
  endText();
  return blocks;
}

type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont; boldItalic: PDFFont };
type Word = { text: string; font: PDFFont; width: number };
/** Words with nothing between them (a bold part of a word), followed by a space or a forced break. */
type Chunk = { words: Word[]; width: number; space: number; breakAfter: boolean };
type Placed = Word & { x: number };

const fontOf = (fonts: Fonts, run: Style) =>
  run.bold ? (run.italic ? fonts.boldItalic : fonts.bold) : run.italic ? fonts.italic : fonts.regular;

function chunksOf(runs: Run[], fonts: Fonts, size: number): Chunk[] {
  const chunks: Chunk[] = [];
  let chunk: Chunk | null = null;
  const start = () => {
    const fresh: Chunk = { words: [], width: 0, space: 0, breakAfter: false };
    chunks.push(fresh);
    return fresh;
  };
  for (const run of runs) {
    const font = fontOf(fonts, run);
    for (const part of run.text.split(/(\n|[^\S\n]+)/)) {
      if (!part) continue;
      if (part === '\n') (chunk ?? start()).breakAfter = true;
      else if (/^\s+$/.test(part) && chunk) chunk.space = font.widthOfTextAtSize(' ', size);
      else if (!/^\s+$/.test(part)) {
        const text = toWinAnsi(part);
        chunk ??= start();
        chunk.words.push({ text, font, width: font.widthOfTextAtSize(text, size) });
        chunk.width += chunk.words.at(-1)?.width ?? 0;
        continue;
      }
      chunk = null;
    }
  }
  return chunks;
}

/** Words too long for a line, cut into pieces that fit. */
function cut(words: Word[], width: number, size: number): Word[][] {
  const lines: Word[][] = [[]];
  let used = 0;
  for (const { text, font } of words) {
    let rest = text;
    while (rest) {
      let n = 0;
      while (n < rest.length && used + font.widthOfTextAtSize(rest.slice(0, n + 1), size) <= width) n++;
      if (n === 0 && used === 0) n = 1;
      if (n > 0) {
        const piece = rest.slice(0, n);
        const pieceWidth = font.widthOfTextAtSize(piece, size);
        lines[lines.length - 1].push({ text: piece, font, width: pieceWidth });
        used += pieceWidth;
        rest = rest.slice(n);
      }
      if (rest) {
        lines.push([]);
        used = 0;
      }
    }
  }
  return lines.filter((line) => line.length);
}

/** Runs broken into lines that fit `width`, each word placed at its x from the line's start. */
function wrap(runs: Run[], fonts: Fonts, size: number, width: number): Placed[][] {
  const lines: Placed[][] = [];
  let line: Placed[] = [];
  let x = 0;
  let gap = 0;
  const endLine = () => {
    lines.push(line);
    line = [];
    x = 0;
  };
  for (const chunk of chunksOf(runs, fonts, size)) {
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
function merge(line: Placed[], size: number): Placed[] {
  const merged: Placed[] = [];
  for (const word of line) {
    const last = merged.at(-1);
    const space = last?.font.widthOfTextAtSize(' ', size) ?? 0;
    const end = last ? last.x + last.width : 0;
    if (last && last.font === word.font && Math.abs(word.x - end) < 0.01) {
      last.text += word.text;
      last.width += word.width;
    } else if (last && last.font === word.font && Math.abs(word.x - end - space) < 0.01) {
      last.text += ` ${word.text}`;
      last.width += space + word.width;
    } else merged.push({ ...word });
  }
  return merged;
}

class Layout {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  get atTop() {
    return this.y === PAGE.height - PAGE.margin;
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Starts a new page unless `height` still fits. */
  ensure(height: number) {
    if (this.y - height < PAGE.margin && !this.atTop) this.newPage();
  }

  drawLine(line: Placed[], x: number, top: number, size: number) {
    for (const word of merge(line, size)) {
      this.page.drawText(word.text, { x: x + word.x, y: top - size, size, font: word.font, color: INK });
    }
  }

  text(runs: Run[], size: number, indent = 0, marker?: string) {
    const height = size * LINE;
    const lines = wrap(runs, this.fonts, size, CONTENT_WIDTH - indent);
    for (const [index, line] of lines.entries()) {
      this.ensure(height);
      if (marker && index === 0) {
        const x = PAGE.margin + indent - LIST_INDENT;
        this.page.drawText(marker, { x, y: this.y - size, size, font: this.fonts.regular, color: INK });
      }
      this.drawLine(line, PAGE.margin + indent, this.y, size);
      this.y -= height;
    }
  }

  table(rows: Run[][][], header: boolean) {
    const columns = Math.max(1, ...rows.map((row) => row.length));
    const width = CONTENT_WIDTH / columns;
    const lineHeight = BODY_SIZE * LINE;
    const cellsOf = (row: Run[][], bold: boolean) =>
      Array.from({ length: columns }, (_, c) =>
        wrap(
          (row[c] ?? []).map((run) => (bold ? { ...run, bold: true } : run)),
          this.fonts,
          BODY_SIZE,
          width - 2 * CELL_PAD,
        ),
      );
    const wrapped = rows.map((row, r) => cellsOf(row, header && r === 0));
    const linesOf = (cells: Placed[][][]) => Math.max(1, ...cells.map((lines) => lines.length));
    const drawRow = (cells: Placed[][][], from: number, count: number, shaded: boolean) => {
      const height = count * lineHeight + 2 * CELL_PAD;
      const top = this.y;
      for (const [c, lines] of cells.entries()) {
        const x = PAGE.margin + c * width;
        const color = shaded ? rgb(0.94, 0.94, 0.94) : undefined;
        this.page.drawRectangle({
          x,
          y: top - height,
          width,
          height,
          borderColor: GRID,
          borderWidth: 0.75,
          color,
        });
        for (const [i, line] of lines.slice(from, from + count).entries()) {
          this.drawLine(line, x + CELL_PAD, top - CELL_PAD - i * lineHeight, BODY_SIZE);
        }
      }
      this.y = top - height;
    };
    // The header and the first row start together.
    const opening = (header ? linesOf(wrapped[0]) + 1 : 1) * lineHeight + 2 * CELL_PAD;
    this.ensure(opening + (header ? 2 * CELL_PAD : 0));
    const headerHeight = header ? linesOf(wrapped[0]) * lineHeight + 2 * CELL_PAD : 0;
    const perPage = Math.floor((PAGE.height - 2 * PAGE.margin - headerHeight - 2 * CELL_PAD) / lineHeight);
    for (const [r, cells] of wrapped.entries()) {
      const total = linesOf(cells);
      let from = 0;
      let fresh = false;
      while (from < total) {
        const fit = Math.floor((this.y - PAGE.margin - 2 * CELL_PAD) / lineHeight);
        // A row moves to the next page whole, unless it is taller than a page: that one is split.
        if (!fresh && (fit < 1 || (from === 0 && fit < total && total <= perPage))) {
          this.newPage();
          if (header && r > 0) drawRow(wrapped[0], 0, linesOf(wrapped[0]), true);
          fresh = true;
          continue;
        }
        const count = Math.max(1, Math.min(fit, total - from));
        drawRow(cells, from, count, header && r === 0);
        from += count;
        fresh = false;
      }
    }
  }

  rule() {
    this.ensure(12);
    const y = this.y - 6;
    const end = PAGE.width - PAGE.margin;
    this.page.drawLine({ start: { x: PAGE.margin, y }, end: { x: end, y }, thickness: 0.75, color: GRID });
    this.y -= 12;
  }

  space(height: number) {
    if (!this.atTop) this.y = Math.max(PAGE.margin, this.y - height);
  }
}

/**
 * A PDF of a Markdown document (what parseMarkdown reads, with **bold** and *italic* inside lines) on US
 * Letter in Helvetica, breaking pages as it goes, with 'Page N of M' at the foot of each page.
 */
export async function markdownToPdf(
  markdown: string,
  meta: { title: string; subject?: string },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  // Metadata is Unicode text, unlike what the standard fonts draw.
  pdf.setTitle(meta.title);
  if (meta.subject) pdf.setSubject(meta.subject);
  pdf.setProducer('Charter');
  pdf.setCreator('Charter');
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
    boldItalic: await pdf.embedFont(StandardFonts.HelveticaBoldOblique),
  };
  const layout = new Layout(pdf, fonts);
  for (const block of parseMarkdown(markdown)) {
    switch (block.kind) {
      case 'heading': {
        const size = HEADING_SIZES[block.level - 1];
        // Kept with the first lines after it.
        layout.ensure(size * LINE * 1.6 + BODY_SIZE * LINE * 2);
        layout.space(size * 0.4);
        layout.text(
          block.runs.map((run) => ({ ...run, bold: true })),
          size,
        );
        layout.y -= size * 0.2;
        break;
      }
      case 'paragraph':
        layout.text(block.runs, BODY_SIZE);
        break;
      case 'item':
        layout.text(block.runs, BODY_SIZE, (block.depth + 1) * LIST_INDENT, block.marker);
        break;
      case 'table':
        layout.table(block.rows, block.header);
        break;
      case 'rule':
        layout.rule();
        break;
      case 'space':
        layout.space(BODY_SIZE * 0.6);
        break;
    }
  }
  const pages = pdf.getPages();
  for (const [index, page] of pages.entries()) {
    const label = `Page ${index + 1} of ${pages.length}`;
    const width = fonts.regular.widthOfTextAtSize(label, FOOTER.size);
    const x = (PAGE.width - width) / 2;
    page.drawText(label, {
      x,
      y: FOOTER.y,
      size: FOOTER.size,
      font: fonts.regular,
      color: rgb(0.4, 0.4, 0.4),
    });
  }
  return pdf.save();
}
