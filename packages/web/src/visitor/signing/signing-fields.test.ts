import { describe, expect, it } from 'vitest';
import { PAGE_IMAGE_WIDTHS, pageImageWidth } from './signing-api.ts';
import {
  type Fills,
  fieldBox,
  initialsOf,
  isFilled,
  nextField,
  progress,
  type SignerField,
  signBody,
  todayText,
} from './signing-fields.ts';

let nextId = 1;
const field = (overrides: Partial<SignerField>): SignerField => ({
  id: nextId++,
  kind: 'text',
  page: 0,
  x: 72,
  y: 100,
  width: 200,
  height: 20,
  required: true,
  mine: true,
  value: null,
  ...overrides,
});
const empty = (): Fills => ({ signature: null, initials: null, values: {} });
const IMAGE = { how: 'draw' as const, image: 'data:image/png;base64,AAAA' };

describe('fieldBox', () => {
  it('places a field in percentages of its page, from the top-left corner', () => {
    const box = fieldBox(field({ x: 61.2, y: 79.2, width: 306, height: 39.6 }), { width: 612, height: 792 });
    expect(box).toMatchObject({ left: '10%', top: '10%', width: '50%', height: '5%' });
  });

  it('sizes its text to the box in units of the page width, so it scales with the page', () => {
    expect(fieldBox(field({ height: 20 }), { width: 612, height: 792 }).fontSize).toBe('1.961cqw');
    // A tall box does not get huge text.
    expect(fieldBox(field({ height: 200 }), { width: 612, height: 792 }).fontSize).toBe('2.614cqw');
  });
});

describe('isFilled and progress', () => {
  const signature = field({ kind: 'signature' });
  const initials = field({ kind: 'initials' });
  const box = field({ kind: 'checkbox' });
  const text = field({ kind: 'text' });
  const optional = field({ kind: 'text', required: false });
  const theirs = field({ kind: 'signature', mine: false });
  const fields = [signature, initials, box, text, optional, theirs];

  it('counts only the required fields of this signer', () => {
    expect(progress(fields, empty())).toEqual({ done: 0, total: 4 });
  });

  it('fills every signature field with one adopted image, and initials with another', () => {
    const fills = { ...empty(), signature: IMAGE };
    expect(isFilled(signature, fills)).toBe(true);
    expect(isFilled(initials, fills)).toBe(false);
    expect(progress(fields, fills).done).toBe(1);
  });

  it("takes a ticked box as 'true' only, and blank text as empty", () => {
    const fills = { ...empty(), values: { [box.id]: '', [text.id]: '   ' } };
    expect(isFilled(box, fills)).toBe(false);
    expect(isFilled(text, fills)).toBe(false);
    fills.values = { [box.id]: 'true', [text.id]: 'CEO' };
    expect(progress(fields, fills).done).toBe(2);
  });
});

describe('nextField', () => {
  // Listed out of order on purpose: the order is the page's, not the list's.
  const late = field({ page: 1, y: 50, x: 300 });
  const right = field({ page: 0, y: 400, x: 300 });
  const left = field({ page: 0, y: 400, x: 72 });
  const top = field({ page: 0, y: 100 });
  const optional = field({ page: 0, y: 50, required: false });
  const theirs = field({ page: 0, y: 10, mine: false });
  const fields = [late, right, left, top, optional, theirs];

  it('starts with the first required field of this signer in reading order', () => {
    expect(nextField(fields, empty(), null)?.id).toBe(top.id);
  });

  it('goes on from the field last visited, left to right, then to the next page, then round again', () => {
    expect(nextField(fields, empty(), top.id)?.id).toBe(left.id);
    expect(nextField(fields, empty(), left.id)?.id).toBe(right.id);
    expect(nextField(fields, empty(), right.id)?.id).toBe(late.id);
    expect(nextField(fields, empty(), late.id)?.id).toBe(top.id);
    // From an optional field or someone else's, it goes on from where that field is.
    expect(nextField(fields, empty(), optional.id)?.id).toBe(top.id);
  });

  it('skips filled fields and is null when every required field is filled', () => {
    const fills = { ...empty(), values: { [left.id]: 'x', [right.id]: 'y' } };
    expect(nextField(fields, fills, top.id)?.id).toBe(late.id);
    fills.values = { ...fills.values, [top.id]: 'z', [late.id]: 'w' };
    expect(nextField(fields, fills, null)).toBeNull();
  });
});

describe('signBody', () => {
  it("sends the adopted images this signer's fields need and the values of their other fields", () => {
    const signature = field({ kind: 'signature' });
    const date = field({ kind: 'date' });
    const box = field({ kind: 'checkbox', required: false });
    const theirs = field({ kind: 'text', mine: false });
    const fills = {
      signature: IMAGE,
      initials: { ...IMAGE, how: 'type' as const, text: 'AL' },
      values: { [date.id]: '11/25/2026', [theirs.id]: 'not mine' },
    };
    expect(signBody([signature, date, box, theirs], fills)).toEqual({
      signature: IMAGE,
      values: { [String(date.id)]: '11/25/2026', [String(box.id)]: '' },
    });
  });
});

describe('small rules', () => {
  it('writes today as MM/DD/YYYY in local time', () => {
    expect(todayText(new Date(2026, 10, 25, 23, 59))).toBe('11/25/2026');
    expect(todayText(new Date(2027, 0, 5))).toBe('01/05/2027');
  });

  it('takes initials from each word of a name', () => {
    expect(initialsOf('Ada King Lovelace')).toBe('AKL');
    expect(initialsOf('  émile   zola ')).toBe('ÉZ');
    expect(initialsOf('')).toBe('');
  });

  it('asks for page images at a few widths that cover the screen', () => {
    expect(pageImageWidth(375, 2)).toBe(800);
    expect(pageImageWidth(375, 3)).toBe(1200);
    expect(pageImageWidth(816, 1)).toBe(1200);
    expect(pageImageWidth(400, 1)).toBe(400);
    expect(pageImageWidth(816, 2)).toBe(1600);
    expect(pageImageWidth(300, 0)).toBe(400);
    expect(PAGE_IMAGE_WIDTHS).toContain(pageImageWidth(123, 1.5));
  });
});
