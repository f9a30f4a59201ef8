import { type PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { drawLine, type EmbeddedFonts, type FontStyle } from '../pdf/fonts.ts';
import { wrapText } from './wrap-text.ts';

/** US Letter with 3/4-inch margins: the certificate is dense, and read more than printed. */
const PAGE = { width: 612, height: 792, margin: 54 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const LABEL_WIDTH = 150;
const SIZE = 9;
const LINE = 1.4;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);
const GRID = rgb(0.75, 0.75, 0.75);

export type Column = { title: string; width: number };

/**
 * Pages appended to a document for its signing certificate, filled top to bottom: each page opens with
 * the title, so a page printed or shown alone still says what it is, and ends with its number among
 * the certificate's pages.
 */
export class CertificateSheet {
  private readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: EmbeddedFonts,
    private readonly title: string,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - PAGE.margin;
    const title = this.pages.length === 1 ? this.title : `${this.title} (continued)`;
    this.text(title, { size: 18, style: { bold: true } });
    this.y -= 6;
  }

  /** Starts a new page unless `height` still fits on this one. */
  private ensure(height: number) {
    if (this.y - height < PAGE.margin) this.newPage();
  }

  private draw(text: string, x: number, size: number, style?: FontStyle, color = INK) {
    drawLine(this.page, this.fonts, text, { x, y: this.y - size, size, style, color });
  }

  /** A paragraph across the page. */
  text(text: string, options: { size?: number; style?: FontStyle; color?: typeof INK } = {}) {
    const size = options.size ?? SIZE;
    for (const line of wrapText(this.fonts, text, { size, width: WIDTH, style: options.style })) {
      this.ensure(size * LINE);
      this.draw(line, PAGE.margin, size, options.style, options.color);
      this.y -= size * LINE;
    }
  }

  /** A heading, kept on a page with at least the few lines that follow it. */
  heading(text: string, size = 12) {
    this.ensure(size * LINE + 6 + 4 * SIZE * LINE);
    this.y -= 6;
    this.text(text, { size, style: { bold: true } });
  }

  space(height: number) {
    this.y -= height;
  }

  /**
   * A label and its value side by side; a value with a word too wide for its column (a fingerprint)
   * goes under its label across the page instead, so it is never cut.
   */
  field(label: string, value: string) {
    const column = WIDTH - LABEL_WIDTH;
    const words = value.split(/\s+/);
    const beside = words.every((word) => this.fonts.widthOf(word, SIZE) <= column);
    const lines = wrapText(this.fonts, value, { size: SIZE, width: beside ? column : WIDTH });
    const height = SIZE * LINE;
    this.ensure(height * (beside ? 1 : 2));
    this.draw(label, PAGE.margin, SIZE, undefined, MUTED);
    if (!beside) this.y -= height;
    for (const line of lines) {
      this.ensure(height);
      this.draw(line, PAGE.margin + (beside ? LABEL_WIDTH : 0), SIZE);
      this.y -= height;
    }
  }

  /** A table whose rows wrap within their columns; the header is repeated atop every page it spans. */
  table(columns: Column[], rows: string[][], size = 8) {
    const pad = 3;
    const height = size * LINE;
    const drawRow = (cells: string[][], style?: FontStyle) => {
      const lines = Math.max(1, ...cells.map((cell) => cell.length));
      let x = PAGE.margin;
      for (const [c, cell] of cells.entries()) {
        for (const [i, line] of cell.entries()) {
          drawLine(this.page, this.fonts, line, {
            x: x + pad,
            y: this.y - pad - i * height - size,
            size,
            style,
          });
        }
        x += columns[c].width;
      }
      this.y -= lines * height + 2 * pad;
      this.page.drawLine({
        start: { x: PAGE.margin, y: this.y },
        end: { x: PAGE.margin + WIDTH, y: this.y },
        thickness: 0.5,
        color: GRID,
      });
    };
    const wrapCells = (row: string[], style?: FontStyle) =>
      row.map((cell, c) => wrapText(this.fonts, cell, { size, width: columns[c].width - 2 * pad, style }));
    const header = wrapCells(
      columns.map((column) => column.title),
      { bold: true },
    );
    const heightOf = (cells: string[][]) =>
      Math.max(1, ...cells.map((cell) => cell.length)) * height + 2 * pad;
    this.ensure(heightOf(header) + height + 2 * pad);
    drawRow(header, { bold: true });
    for (const row of rows) {
      const cells = wrapCells(row);
      if (this.y - heightOf(cells) < PAGE.margin) {
        this.newPage();
        drawRow(header, { bold: true });
      }
      drawRow(cells);
    }
  }

  /** Numbers the certificate's pages: called once, after everything is drawn. */
  finish() {
    for (const [index, page] of this.pages.entries()) {
      const label = `${this.title} · page ${index + 1} of ${this.pages.length}`;
      const x = (PAGE.width - this.fonts.widthOf(label, 8)) / 2;
      drawLine(page, this.fonts, label, { x, y: PAGE.margin / 2, size: 8, color: MUTED });
    }
  }
}

/** The width the content spans, for callers laying out table columns. */
export const SHEET_WIDTH = WIDTH;
