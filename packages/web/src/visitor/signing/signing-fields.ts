import type { SignBody, SignerView } from '@charter/domain';
import type { CSSProperties } from 'react';

export type SignerField = SignerView['fields'][number];
export type PageSize = SignerView['document']['pages'][number];
export type AdoptedImage = NonNullable<SignBody['signature']>;
export type ImageKind = 'signature' | 'initials';

/** What the signer has filled so far: one adopted image per kind, and the other fields' values by id. */
export type Fills = {
  signature: AdoptedImage | null;
  initials: AdoptedImage | null;
  values: Record<number, string>;
};

export const isImageKind = (kind: SignerField['kind']): kind is ImageKind =>
  kind === 'signature' || kind === 'initials';

/** The page's own values to start from: what the server has, and the signer's name in name fields. */
export function initialFills(view: SignerView): Fills {
  const values: Record<number, string> = {};
  for (const field of view.fields) {
    if (!field.mine || isImageKind(field.kind)) continue;
    values[field.id] = field.value ?? (field.kind === 'name' ? view.signer.name : '');
  }
  return { signature: null, initials: null, values };
}

export function isFilled(field: SignerField, fills: Fills): boolean {
  if (isImageKind(field.kind)) return fills[field.kind] !== null;
  const value = fills.values[field.id] ?? '';
  return field.kind === 'checkbox' ? value === 'true' : value.trim() !== '';
}

/** Reading order: by page, then top to bottom, then left to right. */
export const readingOrder = (a: SignerField, b: SignerField) =>
  a.page - b.page || a.y - b.y || a.x - b.x || a.id - b.id;

const requiredOfMine = (fields: SignerField[]) =>
  fields.filter((field) => field.mine && field.required).sort(readingOrder);

/** "2 of 4 fields": the signer's required fields, and how many are filled. */
export function progress(fields: SignerField[], fills: Fills) {
  const required = requiredOfMine(fields);
  return { done: required.filter((field) => isFilled(field, fills)).length, total: required.length };
}

/**
 * The signer's next required field still empty, in reading order after `afterId` (the field last
 * visited), coming round to the first; null when every required field is filled.
 */
export function nextField(fields: SignerField[], fills: Fills, afterId: number | null): SignerField | null {
  const open = requiredOfMine(fields).filter((field) => !isFilled(field, fills));
  const current = fields.find((field) => field.id === afterId);
  if (!current) return open[0] ?? null;
  return open.find((field) => readingOrder(field, current) > 0) ?? open[0] ?? null;
}

const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

/**
 * Where a field sits on its page, in percentages of the page (fields are boxes in PDF points from the
 * top-left corner), so it scales with the page image; its text is sized to the box in container units.
 */
export function fieldBox(field: SignerField, page: PageSize): CSSProperties {
  return {
    left: percent(field.x, page.width),
    top: percent(field.y, page.height),
    width: percent(field.width, page.width),
    height: percent(field.height, page.height),
    fontSize: `${((Math.min(field.height * 0.6, 16) / page.width) * 100).toFixed(3)}cqw`,
  };
}

/** Today as a date field shows it: 11/25/2026 (local time). */
export function todayText(now = new Date()) {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(now.getMonth() + 1)}/${two(now.getDate())}/${now.getFullYear()}`;
}

/** "Ada King Lovelace" → "AKL": what the Type tab offers for initials. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0].toUpperCase())
    .join('');

/** POST sign: the adopted images the signer's fields need, and the values of the other fields. */
export function signBody(fields: SignerField[], fills: Fills): SignBody {
  const mine = fields.filter((field) => field.mine);
  const body: SignBody = { values: {} };
  if (fills.signature && mine.some((field) => field.kind === 'signature')) body.signature = fills.signature;
  if (fills.initials && mine.some((field) => field.kind === 'initials')) body.initials = fills.initials;
  for (const field of mine) {
    if (!isImageKind(field.kind)) body.values[String(field.id)] = fills.values[field.id] ?? '';
  }
  return body;
}
