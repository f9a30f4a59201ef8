import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampBox,
  hitTest,
  MIN_FIELD_SIZE,
  moveBox,
  pageImageWidth,
  placeField,
  resizeBox,
  scaleFor,
  toPixels,
  toPoints,
} from './geometry.ts';

const letter = { width: 612, height: 792 };

describe('signing field geometry', () => {
  it('converts between pixels and points at the page scale', () => {
    const scale = scaleFor(612, 306);
    expect(scale).toBe(0.5);
    expect(toPoints({ x: 100, y: 50 }, scale)).toEqual({ x: 200, y: 100 });
    expect(toPixels({ x: 200, y: 100, width: 180, height: 36 }, scale)).toEqual({
      x: 100,
      y: 50,
      width: 90,
      height: 18,
    });
  });

  it('places a field of the default size centred on the click, kept on the page', () => {
    expect(placeField('signature', { x: 300, y: 400 }, letter)).toEqual({
      x: 210,
      y: 382,
      width: 180,
      height: 36,
    });
    expect(placeField('checkbox', { x: 100, y: 100 }, letter)).toEqual({
      x: 93,
      y: 93,
      width: 14,
      height: 14,
    });
    // At the corner the box stays whole on the page.
    expect(placeField('signature', { x: 610, y: 790 }, letter)).toEqual({
      x: 432,
      y: 756,
      width: 180,
      height: 36,
    });
    expect(placeField('date', { x: 0, y: 0 }, letter)).toEqual({ x: 0, y: 0, width: 110, height: 18 });
  });

  it('moves a box by a drag, stopping at the edges', () => {
    const start = { x: 100, y: 100, width: 180, height: 36 };
    expect(moveBox(start, { x: 20, y: -10 }, letter)).toEqual({ ...start, x: 120, y: 90 });
    expect(moveBox(start, { x: -500, y: 5000 }, letter)).toEqual({ ...start, x: 0, y: 756 });
  });

  it('resizes from the corner, no smaller than the minimum, no further than the page', () => {
    const start = { x: 500, y: 700, width: 60, height: 30 };
    expect(resizeBox(start, { x: 20, y: 10 }, letter)).toEqual({ ...start, width: 80, height: 40 });
    expect(resizeBox(start, { x: -100, y: -100 }, letter)).toEqual({
      ...start,
      width: MIN_FIELD_SIZE,
      height: MIN_FIELD_SIZE,
    });
    expect(resizeBox(start, { x: 500, y: 500 }, letter)).toEqual({ ...start, width: 112, height: 92 });
  });

  it('keeps any box wholly on the page', () => {
    const value = fc.double({ min: -2000, max: 2000, noNaN: true });
    fc.assert(
      fc.property(value, value, value, value, (x, y, width, height) => {
        const box = clampBox({ x, y, width, height }, letter);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.width).toBeGreaterThanOrEqual(MIN_FIELD_SIZE);
        expect(box.height).toBeGreaterThanOrEqual(MIN_FIELD_SIZE);
        expect(box.x + box.width).toBeLessThanOrEqual(letter.width + 0.01);
        expect(box.y + box.height).toBeLessThanOrEqual(letter.height + 0.01);
      }),
    );
  });

  it('finds the topmost field under a point on that page', () => {
    const fields = [
      { page: 0, x: 10, y: 10, width: 100, height: 50 },
      { page: 0, x: 50, y: 20, width: 100, height: 50 },
      { page: 1, x: 10, y: 10, width: 100, height: 50 },
    ];
    expect(hitTest(fields, 0, { x: 60, y: 30 })).toBe(1);
    expect(hitTest(fields, 0, { x: 20, y: 20 })).toBe(0);
    expect(hitTest(fields, 1, { x: 60, y: 30 })).toBe(2);
    expect(hitTest(fields, 0, { x: 300, y: 300 })).toBe(-1);
  });

  it('asks for the narrowest page image that is sharp on this screen', () => {
    expect(pageImageWidth(700)).toBe(800);
    expect(pageImageWidth(700, 2)).toBe(1600);
    expect(pageImageWidth(380, 1)).toBe(400);
    expect(pageImageWidth(5000, 2)).toBe(1600);
  });
});
