import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { drawLine, type EmbeddedFonts, embedFonts } from './fonts.ts';
import { parseMarkdown, type Run } from './markdown-blocks.ts';

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

type Word = { text: string; font: PDFFont; width: number };
/** Words with nothing between them (a bold part of a word), followed by a space or a forced break. */
type Chunk = { words: Word[]; width: number; space: number; breakAfter: boolean };
type Placed = Word & { x: number };

// Where a line may break: spaces, but not the no-break ones.
const BREAKABLE = /(\n|[^\S\n\u00A0\u202F]+)/;

function chunksOf(runs: Run[], fonts: EmbeddedFonts, size: number): Chunk[] {
  const chunks: Chunk[] = [];
  let chunk: Chunk | null = null;
  const start = () => {
    const fresh: Chunk = { words: [], width: 0, space: 0, breakAfter: false };
    chunks.push(fresh);
    return fresh;
  };
  for (const run of runs) {
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

/** Words too long for a line, cut into pieces that fit. */
function cut(words: Word[], width: number, size: number): Word[][] {
  const lines: Word[][] = [[]];
  let used = 0;
  for (const { text, font } of words) {
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
function wrap(runs: Run[], fonts: EmbeddedFonts, size: number, width: number): Placed[][] {
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
    readonly fonts: EmbeddedFonts,
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
        drawLine(this.page, this.fonts, marker, { x, y: this.y - size, size, color: INK });
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
 * A PDF of a Markdown document (what parseMarkdown reads) on US Letter in Noto Sans (with Noto Sans SC
 * for Chinese and Japanese), breaking pages as it goes, with 'Page N of M' at the foot of each page.
 */
export async function markdownToPdf(
  markdown: string,
  meta: { title: string; subject?: string },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  if (meta.subject) pdf.setSubject(meta.subject);
  pdf.setProducer('Charter');
  pdf.setCreator('Charter');
  const fonts = await embedFonts(pdf, markdown);
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
    const x = (PAGE.width - fonts.widthOf(label, FOOTER.size)) / 2;
    drawLine(page, fonts, label, { x, y: FOOTER.y, size: FOOTER.size, color: rgb(0.4, 0.4, 0.4) });
  }
  return pdf.save();
}
