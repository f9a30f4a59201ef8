import { createHash } from 'node:crypto';
import { type PDFDocument, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import { drawLine, type EmbeddedFonts, embedFonts, type FontStyle } from '../pdf/fonts.ts';

export type StampField = {
  kind: 'signature' | 'initials' | 'date' | 'text' | 'checkbox' | 'name';
  /** 0-based. */
  page: number;
  /** PDF points from the TOP-LEFT of the page's visible area, y growing downward, as the web viewer places them. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Typed text, the date as shown, or 'true' for a checked box. */
  value: string | null;
  /** A PNG (or JPEG) of a drawn, typed or uploaded signature or initials. */
  image: Uint8Array | null;
};

/** A field's box in pdf-lib's coordinates: origin at the bottom-left, y growing upward. */
type Box = { x: number; y: number; width: number; height: number };

const INK = rgb(0.1, 0.1, 0.1);
/** Signatures in a dark blue ink, as on paper, so they read as signed rather than printed. */
const SIGNATURE_INK = rgb(0.08, 0.16, 0.45);
const RULE = rgb(0.55, 0.55, 0.55);
/** The cap height of Noto Sans as a share of its size: what centres a line of text in a box. */
const CAP_HEIGHT = 0.714;

/**
 * Converts a field from the viewer's top-left origin to the page's bottom-left one, relative to the crop
 * box (what a viewer shows), which need not start at (0, 0). Page rotation is not applied: fields are
 * placed on pages as they are stored.
 */
function boxOf(page: PDFPage, field: StampField): Box {
  const crop = page.getCropBox();
  return {
    x: crop.x + field.x,
    y: crop.y + crop.height - field.y - field.height,
    width: field.width,
    height: field.height,
  };
}

/** One line of text as large as `maxSize` allows, shrunk until it fits the box's width, centred vertically. */
function drawFitted(
  page: PDFPage,
  fonts: EmbeddedFonts,
  text: string,
  box: Box,
  options: { maxSize: number; style?: FontStyle; color: typeof INK },
) {
  const pad = Math.min(2, box.width * 0.05);
  const room = box.width - 2 * pad;
  const natural = fonts.widthOf(text, options.maxSize, options.style);
  const size = natural > room ? (options.maxSize * room) / natural : options.maxSize;
  const y = box.y + (box.height - size * CAP_HEIGHT) / 2;
  drawLine(page, fonts, text, { x: box.x + pad, y, size, style: options.style, color: options.color });
}

/** The image as large as fits the box without distortion, centred in it. */
function drawImageFitted(page: PDFPage, image: PDFImage, box: Box) {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, {
    x: box.x + (box.width - width) / 2,
    y: box.y + (box.height - height) / 2,
    width,
    height,
  });
}

/** A tick drawn as two strokes in the largest square that fits the box. */
function drawTick(page: PDFPage, box: Box) {
  const side = Math.min(box.width, box.height) * 0.8;
  const left = box.x + (box.width - side) / 2;
  const bottom = box.y + (box.height - side) / 2;
  const at = (u: number, v: number) => ({ x: left + u * side, y: bottom + v * side });
  const stroke = { thickness: Math.max(1, side * 0.12), color: INK };
  page.drawLine({ start: at(0.12, 0.5), end: at(0.4, 0.18), ...stroke });
  page.drawLine({ start: at(0.4, 0.18), end: at(0.9, 0.85), ...stroke });
}

const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * Draws what signers filled in onto the pages: signature and initials images (or their typed text in
 * an italic hand, when there is no image) with a line under each signature, text, names and dates
 * shrunk to fit their boxes, and ticks in checked boxes. Images are embedded once per distinct picture,
 * however many fields repeat it (initials on every page).
 */
export async function stampFields(pdf: PDFDocument, fields: StampField[]): Promise<void> {
  if (!fields.length) return;
  const fonts = await embedFonts(pdf, fields.map((field) => field.value ?? '').join(' '));
  const images = new Map<string, PDFImage>();
  const embed = async (bytes: Uint8Array) => {
    const key = createHash('sha256').update(bytes).digest('hex');
    let image = images.get(key);
    if (!image) {
      const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
      image = await (jpeg ? pdf.embedJpg(bytes) : pdf.embedPng(bytes));
      images.set(key, image);
    }
    return image;
  };
  const pageCount = pdf.getPageCount();
  for (const field of fields) {
    if (field.page < 0 || field.page >= pageCount) {
      throw new Error(`A ${field.kind} field is on page ${field.page + 1} of a ${pageCount}-page document`);
    }
    const page = pdf.getPage(field.page);
    const box = boxOf(page, field);
    const text = oneLine(field.value);
    switch (field.kind) {
      case 'signature':
      case 'initials':
        if (field.image) drawImageFitted(page, await embed(field.image), box);
        else if (text) {
          const style = { italic: true };
          drawFitted(page, fonts, text, box, { maxSize: box.height * 0.7, style, color: SIGNATURE_INK });
        }
        if (field.kind === 'signature') {
          const line = { start: { x: box.x, y: box.y }, end: { x: box.x + box.width, y: box.y } };
          page.drawLine({ ...line, thickness: 0.5, color: RULE });
        }
        break;
      case 'checkbox':
        if (field.value === 'true') drawTick(page, box);
        break;
      default:
        if (text) drawFitted(page, fonts, text, box, { maxSize: Math.min(11, box.height * 0.7), color: INK });
    }
  }
}
