import type { FieldKind } from './fields.ts';

/**
 * Signing tags: `{{sign:Company}}` in a document's text marks where the signer of role Company signs.
 * Template bodies and uploaded PDFs share the grammar, so an author writes one thing wherever they write.
 */
export const TAG_KINDS = {
  sign: 'signature',
  initials: 'initials',
  date: 'date',
  name: 'name',
  text: 'text',
  check: 'checkbox',
} as const satisfies Record<string, FieldKind>;
export type TagKeyword = keyof typeof TAG_KINDS;

/**
 * One tag: [1] the keyword, [2] the role (no braces, colons, bars or line breaks, spaces around it
 * ignored). Global, so read it with matchAll or replace (which copy it), never exec or test.
 */
export const SIGNING_TAG = /\{\{\s*(sign|initials|date|name|text|check)\s*:\s*([^{}:|\n]+?)\s*\}\}/g;

/** What a role may be called: a label without the characters that end a tag, not padded with spaces. */
export const SIGNING_ROLE = /^[^\s{}:|](?:[^{}:|\n]*[^\s{}:|])?$/;

export type SigningTag = { kind: FieldKind; role: string; index: number; raw: string };

/** Every signing tag in `text`, in order, with where it starts and what it reads. */
export function signingTagsIn(text: string): SigningTag[] {
  return Array.from(text.matchAll(SIGNING_TAG), (match) => ({
    kind: TAG_KINDS[match[1] as TagKeyword],
    role: match[2],
    index: match.index,
    raw: match[0],
  }));
}

/** The tag `text` is, exactly, or null. */
export function asSigningTag(text: string): SigningTag | null {
  const [tag] = signingTagsIn(text);
  return tag && tag.index === 0 && tag.raw.length === text.length ? tag : null;
}

/** Fields a signer may leave empty: a box to tick. Every other kind must be filled to finish. */
export const isOptionalKind = (kind: FieldKind) => kind === 'checkbox';
