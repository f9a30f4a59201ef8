import { degrees, PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { type EmbeddedFonts, embedFonts } from './fonts.ts';

/** Light grey, mostly see-through: the page stays readable, a photo of it still names the viewer. */
const GREY = rgb(0.45, 0.45, 0.45);
const OPACITY = 0.22;
/** The text spans about this share of the page's diagonal, within these sizes (points). */
const SPAN = 0.7;
const MAX_SIZE = 48;
const MIN_SIZE = 6;
/** The height of a capital of Noto Sans, as a share of the font size (to centre the line on the page). */
const CAP_HEIGHT = 0.714;

const pad = (n: number) => String(n).padStart(2, '0');

/** The watermark's words: the viewer's email and the time, e.g. 'jane@example.com · 2026-11-25 21:04 UTC'. */
export function watermarkText(email: string, date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${email} · ${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** A page's rotation as a viewer applies it: 0, 90, 180 or 270 degrees clockwise. */
const rotationOf = (page: PDFPage) => {
  const angle = Math.round(page.getRotation().angle / 90) * 90;
  return ((angle % 360) + 360) % 360;
};

/**
 * Draws `text` once across the page, centred on what a viewer shows (the crop box) and rising along its
 * diagonal as the page is shown: on a rotated page the line is drawn turned by the page's rotation, so it
 * reads the same way up as on any other page.
 */
function drawAcross(page: PDFPage, fonts: EmbeddedFonts, text: string) {
  const crop = page.getCropBox();
  const rotation = rotationOf(page);
  const turned = rotation === 90 || rotation === 270;
  const shownWidth = turned ? crop.height : crop.width;
  const shownHeight = turned ? crop.width : crop.height;
  // The rise of the diagonal as shown; a viewer turns the page clockwise, so the drawing turns back.
  const rise = Math.atan2(shownHeight, shownWidth);
  const angle = rise + (rotation * Math.PI) / 180;
  const atOne = fonts.widthOf(text, 1);
  const diagonal = Math.hypot(shownWidth, shownHeight);
  const size = Math.max(MIN_SIZE, Math.min(MAX_SIZE, (SPAN * diagonal) / Math.max(atOne, 1)));
  const width = atOne * size;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const lift = (CAP_HEIGHT * size) / 2;
  // From the centre, back half the line's length along it and down half a capital across it.
  let x = crop.x + crop.width / 2 - (width / 2) * cos + lift * sin;
  let y = crop.y + crop.height / 2 - (width / 2) * sin - lift * cos;
  for (const piece of fonts.pieces(text)) {
    page.drawText(piece.text, {
      x,
      y,
      size,
      font: piece.font,
      color: GREY,
      opacity: OPACITY,
      rotate: degrees((angle * 180) / Math.PI),
    });
    const advance = piece.font.widthOfTextAtSize(piece.text, size);
    x += advance * cos;
    y += advance * sin;
  }
}

/**
 * The PDF with `text` (watermarkText: who views it and when) across every page, in the bundled fonts so
 * any name or address shows, as real text (a copy of the page, or its text, still carries it). The pages,
 * their count and their order stay as they were. A PDF pdf-lib cannot read (or an encrypted one) rejects:
 * a file that must carry a watermark is never handed out without it.
 */
export async function watermarkPdf(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const fonts = await embedFonts(pdf, text);
  for (const page of pdf.getPages()) drawAcross(page, fonts, text);
  return pdf.save({ useObjectStreams: true });
}
