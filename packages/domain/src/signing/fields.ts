import { z } from 'zod';

/** What a signer fills in a field: a signature or initials (an image), a date, a name, text, a tick. */
export const FIELD_KINDS = ['signature', 'initials', 'date', 'text', 'checkbox', 'name'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/**
 * A field on a page of a document to sign: which party fills it (`role`, a template's signer role or a
 * text tag's), where (page from 0; a box in PDF points from the page's top-left corner, y downward).
 */
export const signingFieldSchema = z.object({
  kind: z.enum(FIELD_KINDS),
  role: z.string().max(100),
  page: z.number().int().min(0).max(9999),
  x: z.number().min(0).max(14400),
  y: z.number().min(0).max(14400),
  width: z.number().positive().max(14400),
  height: z.number().positive().max(14400),
  required: z.boolean(),
});
export type SigningField = z.infer<typeof signingFieldSchema>;

/**
 * A field's usual size in points, by kind: what a template's signing block draws and what the field
 * editor places (a signature line, initials, a line of text at body size, a tick box).
 */
export const DEFAULT_FIELD_SIZES: Record<FieldKind, { width: number; height: number }> = {
  signature: { width: 180, height: 36 },
  initials: { width: 60, height: 30 },
  date: { width: 110, height: 18 },
  name: { width: 180, height: 18 },
  text: { width: 160, height: 18 },
  checkbox: { width: 14, height: 14 },
};
