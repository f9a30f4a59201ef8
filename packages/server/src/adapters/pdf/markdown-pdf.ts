import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** US Letter, one-inch margins. */
const PAGE = { width: 612, height: 792, margin: 72 };
const BODY_SIZE = 11;
const HEADING_SIZES = [20, 15, 12.5];
const LINE = 1.35;
const FOOTER_Y = 36;

type Style = { bold: boolean; italic: boolean };
type Run = Style & { text: string };
type Block =
  | { kind: 'heading'; level: number; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'item'; marker: string; runs: Run[] }
  | { kind: 'table'; rows: Run[][][] }
  | { kind: 'rule' }
  | { kind: 'space' };

const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2022': '-',
};

/** Only what the standard fonts can draw (WinAnsi): the rest becomes '?', so drawing never throws. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const mapped = REPLACEMENTS[char];
    if (mapped !== undefined) out += mapped;
    else {
      const code = char.codePointAt(0) ?? 0;
      out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) ? char : '?';
    }
  }
  return out;
}

/** **bold**, *italic* and backslash escapes inside a line. */
export function parseInline(text: string): Run[] {
  const runs: Run[] = [];
  const style: Style = { bold: false, italic: false };
  let current = '';
  const flush = () => {
    if (current) runs.push({ ...style, text: current });
    current = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && i + 1 < text.length) {
      current += text[++i];
    } else if (char === '*' && text[i + 1] === '*') {
      flush();
      style.bold = !style.bold;
      i++;
    } else if (char === '*' || char === '_') {
      // An underscore inside a word or a run of them (signature lines) is text, not emphasis.
      const isLine =
        char === '_' && (text[i + 1] === '_' || text[i - 1] === '_' || /\w/.test(text[i - 1] ?? ''));
      if (isLine) current += char;
      else {
        flush();
        style.italic = !style.italic;
      }
    } else current += char;
  }
  flush();
  return runs;
}

const splitCells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => parseInline(cell.trim()));

export function parseMarkdown(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', runs: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(trimmed);
    const bullet = /^[-*+]\s+(.*)$/.exec(trimmed);
    const numbered = /^(\d+)[.)]\s+(.*)$/.exec(trimmed);
    if (!trimmed) {
      endParagraph();
      if (blocks.at(-1)?.kind !== 'space') blocks.push({ kind: 'space' });
    } else if (heading) {
      endParagraph();
      blocks.push({ kind: 'heading', level: heading[1].length, runs: parseInline(heading[2]) });
    } else if (/^(-{3,}|\*{3,}|_{3,})$/.test(trimmed)) {
      endParagraph();
      blocks.push({ kind: 'rule' });
    } else if (trimmed.startsWith('|')) {
      endParagraph();
      const rows: Run[][][] = [];
      while (i < lines.length && lines[i].trim().startsWith('|')) {
        const row = lines[i].trim();
        if (!/^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/.test(row)) rows.push(splitCells(row));
        i++;
      }
      i--;
      blocks.push({ kind: 'table', rows });
    } else if (bullet) {
      endParagraph();
      blocks.push({ kind: 'item', marker: '-', runs: parseInline(bullet[1]) });
    } else if (numbered) {
      endParagraph();
      blocks.push({ kind: 'item', marker: `${numbered[1]}.`, runs: parseInline(numbered[2]) });
    } else paragraph.push(trimmed);
  }
  endParagraph();
  return blocks;
}

type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont; boldItalic: PDFFont };
type Word = { text: string; font: PDFFont; width: number; space: number };

const fontOf = (fonts: Fonts, run: Style) =>
  run.bold ? (run.italic ? fonts.boldItalic : fonts.bold) : run.italic ? fonts.italic : fonts.regular;

/** Runs broken into lines of words that fit `width`; a word longer than a line is cut. */
function wrap(runs: Run[], fonts: Fonts, size: number, width: number): Word[][] {
  const words: Word[] = [];
  for (const run of runs) {
    const font = fontOf(fonts, run);
    const parts = toWinAnsi(run.text).split(/(\s+)/);
    for (const part of parts) {
      if (!part) continue;
      if (/^\s+$/.test(part)) {
        if (words.length) words[words.length - 1].space = font.widthOfTextAtSize(' ', size);
        continue;
      }
      let rest = part;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        words.push({
          text: rest.slice(0, cut),
          font,
          width: font.widthOfTextAtSize(rest.slice(0, cut), size),
          space: 0,
        });
        rest = rest.slice(cut);
      }
      words.push({ text: rest, font, width: font.widthOfTextAtSize(rest, size), space: 0 });
    }
  }
  const lines: Word[][] = [];
  let line: Word[] = [];
  let used = 0;
  for (const word of words) {
    const gap = line.length ? (line.at(-1)?.space ?? 0) : 0;
    if (line.length && used + gap + word.width > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    used += (line.length ? gap : 0) + word.width;
    line.push(word);
  }
  if (line.length) lines.push(line);
  return lines;
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

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Starts a new page unless `height` still fits. */
  ensure(height: number) {
    if (this.y - height < PAGE.margin) this.newPage();
  }

  drawLine(words: Word[], x: number, size: number) {
    let at = x;
    for (const [index, word] of words.entries()) {
      this.page.drawText(word.text, {
        x: at,
        y: this.y - size,
        size,
        font: word.font,
        color: rgb(0.1, 0.1, 0.1),
      });
      at += word.width + (index < words.length - 1 ? word.space : 0);
    }
  }

  text(runs: Run[], size: number, indent = 0, marker?: string) {
    const width = PAGE.width - 2 * PAGE.margin - indent;
    const height = size * LINE;
    for (const [index, line] of wrap(runs, this.fonts, size, width).entries()) {
      this.ensure(height);
      if (marker && index === 0) {
        this.page.drawText(marker, {
          x: PAGE.margin + indent - 16,
          y: this.y - size,
          size,
          font: this.fonts.regular,
        });
      }
      this.drawLine(line, PAGE.margin + indent, size);
      this.y -= height;
    }
  }

  table(rows: Run[][][]) {
    const columns = Math.max(...rows.map((r) => r.length));
    const width = (PAGE.width - 2 * PAGE.margin) / columns;
    const pad = 5;
    const height = BODY_SIZE * LINE;
    for (const [rowIndex, row] of rows.entries()) {
      const cells = Array.from({ length: columns }, (_, c) =>
        wrap(
          (row[c] ?? []).map((run) => (rowIndex === 0 ? { ...run, bold: true } : run)),
          this.fonts,
          BODY_SIZE,
          width - 2 * pad,
        ),
      );
      const rowHeight = Math.max(1, ...cells.map((lines) => lines.length)) * height + 2 * pad;
      this.ensure(rowHeight);
      const top = this.y;
      for (const [c, lines] of cells.entries()) {
        const x = PAGE.margin + c * width;
        this.page.drawRectangle({
          x,
          y: top - rowHeight,
          width,
          height: rowHeight,
          borderColor: rgb(0.6, 0.6, 0.6),
          borderWidth: 0.75,
          color: rowIndex === 0 ? rgb(0.94, 0.94, 0.94) : undefined,
        });
        this.y = top - pad;
        for (const line of lines) {
          this.drawLine(line, x + pad, BODY_SIZE);
          this.y -= height;
        }
      }
      this.y = top - rowHeight;
    }
  }
}

/**
 * A PDF of a Markdown document: headings (#, ##, ###), paragraphs, **bold** and *italic*, - and 1. lists,
 * tables (the first row as header) and rules, with page breaks and 'Page N of M' at the foot of each page.
 */
export async function markdownToPdf(
  markdown: string,
  meta: { title: string; subject?: string },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(toWinAnsi(meta.title));
  if (meta.subject) pdf.setSubject(toWinAnsi(meta.subject));
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
        layout.ensure(size * LINE * 3);
        layout.y -= size * 0.4;
        layout.text(
          block.runs.map((r) => ({ ...r, bold: true })),
          size,
        );
        layout.y -= size * 0.2;
        break;
      }
      case 'paragraph':
        layout.text(block.runs, BODY_SIZE);
        break;
      case 'item':
        layout.text(block.runs, BODY_SIZE, 20, block.marker);
        break;
      case 'table':
        layout.table(block.rows);
        layout.y -= BODY_SIZE * 0.5;
        break;
      case 'rule':
        layout.ensure(12);
        layout.page.drawLine({
          start: { x: PAGE.margin, y: layout.y - 6 },
          end: { x: PAGE.width - PAGE.margin, y: layout.y - 6 },
          thickness: 0.75,
          color: rgb(0.6, 0.6, 0.6),
        });
        layout.y -= 12;
        break;
      case 'space':
        layout.y -= BODY_SIZE * 0.6;
        break;
    }
  }
  const pages = pdf.getPages();
  for (const [index, page] of pages.entries()) {
    const label = `Page ${index + 1} of ${pages.length}`;
    const width = fonts.regular.widthOfTextAtSize(label, 9);
    page.drawText(label, {
      x: (PAGE.width - width) / 2,
      y: FOOTER_Y,
      size: 9,
      font: fonts.regular,
      color: rgb(0.4, 0.4, 0.4),
    });
  }
  return pdf.save();
}
