import type { SigningField } from '@charter/domain';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { drawFieldBox } from './field-boxes.ts';
import { drawLine, type EmbeddedFonts, embedFonts } from './fonts.ts';
import { isBox, LINE, merge, metricsOf, type Placed, wrap } from './line-breaking.ts';
import { parseMarkdown, type Run } from './markdown-blocks.ts';

/** US Letter, one-inch margins. */
const PAGE = { width: 612, height: 792, margin: 72 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BODY_SIZE = 11;
const HEADING_SIZES = [20, 15, 12.5];
const LIST_INDENT = 20;
const CELL_PAD = 5;
const FOOTER = { y: 36, size: 9 };
const INK = rgb(0.1, 0.1, 0.1);
const GRID = rgb(0.6, 0.6, 0.6);

/** Lines drawn in a table cell, with each one's height. */
type Cell = { lines: Placed[][]; heights: number[] };
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
// Room for rounding, where heights of lines are added up and compared with what is left of a page.
const EPSILON = 0.001;

class Layout {
  page!: PDFPage;
  pageIndex = -1;
  y = 0;
  /** The signing tags drawn so far, where they were drawn. */
  readonly fields: SigningField[] = [];
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
    this.pageIndex += 1;
    this.y = PAGE.height - PAGE.margin;
  }

  /** Starts a new page unless `height` still fits. */
  ensure(height: number) {
    if (this.y - height < PAGE.margin && !this.atTop) this.newPage();
  }

  /** Draws a line whose top is at `top`: its words, and its boxes (recorded as fields) on its baseline. */
  drawLine(line: Placed[], x: number, top: number, size: number) {
    const baseline = top - metricsOf(line, size).ascent;
    for (const word of merge(line, size)) {
      if (isBox(word)) {
        const { pageIndex } = this;
        const box = { tag: word.tag, x: x + word.x, baseline, width: word.width, pageIndex };
        this.fields.push(drawFieldBox(this.page, this.fonts, { ...box, pageHeight: PAGE.height }));
      } else {
        this.page.drawText(word.text, { x: x + word.x, y: baseline, size, font: word.font, color: INK });
      }
    }
  }

  text(runs: Run[], size: number, indent = 0, marker?: string) {
    const lines = wrap(runs, this.fonts, size, CONTENT_WIDTH - indent);
    for (const [index, line] of lines.entries()) {
      const { ascent, height } = metricsOf(line, size);
      this.ensure(height);
      if (marker && index === 0) {
        const x = PAGE.margin + indent - LIST_INDENT;
        drawLine(this.page, this.fonts, marker, { x, y: this.y - ascent, size, color: INK });
      }
      this.drawLine(line, PAGE.margin + indent, this.y, size);
      this.y -= height;
    }
  }

  table(rows: Run[][][], header: boolean) {
    const columns = Math.max(1, ...rows.map((row) => row.length));
    const width = CONTENT_WIDTH / columns;
    const cellsOf = (row: Run[][], bold: boolean): Cell[] =>
      Array.from({ length: columns }, (_, c) => {
        const runs = (row[c] ?? []).map((run) => (bold ? { ...run, bold: true } : run));
        const lines = wrap(runs, this.fonts, BODY_SIZE, width - 2 * CELL_PAD);
        return { lines, heights: lines.map((line) => metricsOf(line, BODY_SIZE).height) };
      });
    const wrapped = rows.map((row, r) => cellsOf(row, header && r === 0));
    const linesOf = (cells: Cell[]) => Math.max(1, ...cells.map((cell) => cell.lines.length));
    /** The height of a row's lines from..from+count with the padding: its tallest cell's. */
    const heightOf = (cells: Cell[], from: number, count: number) =>
      Math.max(...cells.map((cell) => sum(cell.heights.slice(from, from + count)))) + 2 * CELL_PAD;
    const drawRow = (cells: Cell[], from: number, count: number, shaded: boolean) => {
      const height = heightOf(cells, from, count);
      const top = this.y;
      for (const [c, cell] of cells.entries()) {
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
        let lineTop = top - CELL_PAD;
        for (const [i, line] of cell.lines.slice(from, from + count).entries()) {
          this.drawLine(line, x + CELL_PAD, lineTop, BODY_SIZE);
          lineTop -= cell.heights[from + i];
        }
      }
      this.y = top - height;
    };
    // The header and the first line of the first row start together.
    const headerHeight = header ? heightOf(wrapped[0], 0, linesOf(wrapped[0])) : 0;
    const first = wrapped[header ? 1 : 0];
    this.ensure(headerHeight + (first ? heightOf(first, 0, 1) : BODY_SIZE * LINE + 2 * CELL_PAD));
    const pageRoom = PAGE.height - 2 * PAGE.margin - headerHeight;
    for (const [r, cells] of wrapped.entries()) {
      const total = linesOf(cells);
      const fitsAPage = heightOf(cells, 0, total) <= pageRoom + EPSILON;
      let from = 0;
      let fresh = false;
      while (from < total) {
        let fit = 0;
        while (from + fit < total && heightOf(cells, from, fit + 1) <= this.y - PAGE.margin + EPSILON) fit++;
        // A row moves to the next page whole, unless it is taller than a page: that one is split.
        if (!fresh && (fit < 1 || (from === 0 && fit < total && fitsAPage))) {
          this.newPage();
          if (header && r > 0) drawRow(wrapped[0], 0, linesOf(wrapped[0]), true);
          fresh = true;
          continue;
        }
        const count = Math.max(1, fit);
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
 * Signing tags ({{sign:Company}}) are drawn as empty boxes where they stand, in paragraphs or table
 * cells, and returned as fields: the document is sent for signing without anyone placing them by hand.
 */
export async function markdownToPdf(
  markdown: string,
  meta: { title: string; subject?: string },
): Promise<{ bytes: Uint8Array; fields: SigningField[] }> {
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
  return { bytes: await pdf.save(), fields: layout.fields };
}
