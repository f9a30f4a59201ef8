import { DEFAULT_FIELD_SIZES, type FieldKind } from '@charter/domain';

/**
 * The field editor's geometry, kept free of React and the DOM. Fields are stored as the contract has
 * them: boxes in PDF points from the page's top-left corner (y downward); the screen draws each page
 * `scale` pixels per point.
 */

export type Size = { width: number; height: number };
export type Point = { x: number; y: number };
export type Box = Point & Size;

/** A new field's size in points, by kind: a signature line, a date, a tick box… */
export const DEFAULT_FIELD_SIZE: Record<FieldKind, Size> = DEFAULT_FIELD_SIZES;

/** No field is resized below this, in points: a box still big enough to grab. */
export const MIN_FIELD_SIZE = 8;

/** The widths the pages route draws a page at (?width=). */
export const PAGE_IMAGE_WIDTHS = [200, 400, 800, 1200, 1600] as const;

/** Pixels per point for a page of `pageWidth` points drawn `displayWidth` pixels wide. */
export const scaleFor = (pageWidth: number, displayWidth: number) =>
  pageWidth > 0 ? displayWidth / pageWidth : 1;

/** Two decimals are finer than any screen shows and keep the saved numbers readable. */
const round = (value: number) => Math.round(value * 100) / 100;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A point on the drawn page (pixels from its top-left) in points. */
export const toPoints = (point: Point, scale: number): Point => ({ x: point.x / scale, y: point.y / scale });

/** A box in points as pixels on the drawn page. */
export const toPixels = (box: Box, scale: number): Box => ({
  x: box.x * scale,
  y: box.y * scale,
  width: box.width * scale,
  height: box.height * scale,
});

/** The box moved and, if need be, shrunk so that it lies wholly on the page. */
export function clampBox(box: Box, page: Size): Box {
  const width = clamp(box.width, Math.min(MIN_FIELD_SIZE, page.width), page.width);
  const height = clamp(box.height, Math.min(MIN_FIELD_SIZE, page.height), page.height);
  return {
    x: round(clamp(box.x, 0, page.width - width)),
    y: round(clamp(box.y, 0, page.height - height)),
    width: round(width),
    height: round(height),
  };
}

/** A new field of `kind` centred on `at` (points), kept on the page. */
export function placeField(kind: FieldKind, at: Point, page: Size): Box {
  const { width, height } = DEFAULT_FIELD_SIZE[kind];
  return clampBox({ x: at.x - width / 2, y: at.y - height / 2, width, height }, page);
}

/** The box where a drag of `delta` points from `start` leaves it, kept on the page. */
export const moveBox = (start: Box, delta: Point, page: Size): Box =>
  clampBox({ ...start, x: start.x + delta.x, y: start.y + delta.y }, page);

/** The box its bottom-right corner dragged `delta` points from `start`: at least MIN_FIELD_SIZE, on the page. */
export function resizeBox(start: Box, delta: Point, page: Size): Box {
  const width = clamp(start.width + delta.x, MIN_FIELD_SIZE, page.width - start.x);
  const height = clamp(start.height + delta.y, MIN_FIELD_SIZE, page.height - start.y);
  return clampBox({ ...start, width, height }, page);
}

export const contains = (box: Box, point: Point) =>
  point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;

/**
 * The index of the field under `point` on page `page`, or -1: the last one when fields overlap, as the
 * last is drawn on top.
 */
export function hitTest(fields: readonly (Box & { page: number })[], page: number, point: Point): number {
  for (let i = fields.length - 1; i >= 0; i--) {
    if (fields[i].page === page && contains(fields[i], point)) return i;
  }
  return -1;
}

/** The narrowest page image that is sharp at `displayWidth` CSS pixels on this screen (the widest else). */
export function pageImageWidth(displayWidth: number, pixelRatio = 1): number {
  const needed = displayWidth * Math.max(pixelRatio, 1);
  return PAGE_IMAGE_WIDTHS.find((w) => w >= needed) ?? PAGE_IMAGE_WIDTHS[PAGE_IMAGE_WIDTHS.length - 1];
}
