import { DEFAULT_FIELD_SIZES, type FieldKind, isOptionalKind, type SigningField } from '@charter/domain';
import { type PDFPage, rgb } from 'pdf-lib';
import { drawLine as drawText, type EmbeddedFonts } from './fonts.ts';
import type { Tag } from './markdown-blocks.ts';

/**
 * How big a generated document leaves each field, in points: room for a signature as people write one,
 * initials, and a line of text (a date, a name) at body size. A box narrower than its line is kept; a
 * line narrower than its box (a cell of a three-column table) narrows the box.
 */
export const BOX_SIZES = DEFAULT_FIELD_SIZES;

const CAPTION = { size: 7, least: 4, gap: 2.5 };
/** How far a box's caption reaches below the line the box stands on. */
export const CAPTION_DEPTH = CAPTION.gap + CAPTION.size * 1.3;

const LABELS: Record<FieldKind, string> = {
  signature: 'Signature',
  initials: 'Initials',
  date: 'Date',
  name: 'Name',
  text: 'Text',
  checkbox: 'Checkbox',
};

/** What a box says under its line, so a printed copy shows who signs where: 'Signature — Company'. */
export const captionOf = (tag: Tag) => `${LABELS[tag.kind]} — ${tag.role}`;

/**
 * Draws a field's place with its bottom on `baseline`: empty space over a line, with the caption under
 * the line, the way a signature block is printed (no frame, so the signed copy reads like ink on a line);
 * a checkbox is a square. The caption shrinks to the box's width, and is left out when it would be too
 * small to read. Returns the field, with top-left coordinates on a page `pageHeight` tall.
 */
export function drawFieldBox(
  page: PDFPage,
  fonts: EmbeddedFonts,
  box: { tag: Tag; x: number; baseline: number; width: number; pageIndex: number; pageHeight: number },
): SigningField {
  const { tag, x, baseline, width } = box;
  const { height } = BOX_SIZES[tag.kind];
  const ink = rgb(0.1, 0.1, 0.1);
  if (tag.kind === 'checkbox') {
    page.drawRectangle({ x, y: baseline, width, height, borderColor: ink, borderWidth: 0.75 });
  } else {
    page.drawLine({
      start: { x, y: baseline },
      end: { x: x + width, y: baseline },
      thickness: 0.75,
      color: ink,
    });
    const caption = captionOf(tag);
    const size = Math.min(CAPTION.size, (CAPTION.size * width) / fonts.widthOf(caption, CAPTION.size));
    if (size >= CAPTION.least) {
      const y = baseline - CAPTION.gap - size;
      drawText(page, fonts, caption, { x, y, size, color: rgb(0.35, 0.35, 0.35) });
    }
  }
  return {
    kind: tag.kind,
    role: tag.role,
    page: box.pageIndex,
    x,
    y: box.pageHeight - baseline - height,
    width,
    height,
    required: !isOptionalKind(tag.kind),
  };
}
