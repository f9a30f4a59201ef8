import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

// The bundled fonts (licences in NOTICE): Noto Sans for Latin, Greek and Cyrillic in four faces, and
// Noto Sans SC for the Chinese and Japanese characters Noto Sans lacks (CJK has no italics).
const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  boldItalic: '@expo-google-fonts/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  cjkBold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
type FileName = keyof typeof FILES;
export type FontStyle = { bold?: boolean; italic?: boolean };

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;

const resolve = createRequire(import.meta.url).resolve;
/** Where the bundled font files are, for a test to compare what a PDF embeds with them. */
export const bundledFontFiles = () => Object.values(FILES).map((file) => resolve(file));
const bytes = new Map<FileName, Uint8Array>();
const parsed = new WeakMap<Uint8Array, ParsedFont>();

/** A font file's bytes and its parsed form, read once per process. */
function load(name: FileName): { data: Uint8Array; font: ParsedFont } {
  let data = bytes.get(name);
  if (!data) {
    data = new Uint8Array(readFileSync(resolve(FILES[name])));
    bytes.set(name, data);
  }
  return { data, font: cachedFontkit.create(data) };
}

/**
 * fontkit for pdf-lib, three ways adapted:
 * - pdf-lib's own fork (@pdf-lib/fontkit) writes TrueType subsets whose glyph offsets drift (most letters
 *   of Noto Sans come out blank), a bug fixed in fontkit 1.8; so this is fontkit itself, given the
 *   streaming encoder pdf-lib calls.
 * - Text maps to glyphs through the font's character map, without OpenType shaping: pdf-lib places glyphs
 *   by their advance widths and ignores shaping's positions anyway, the bundled fonts cover no script that
 *   needs shaping, and shaping every measured word took most of a document's time.
 * - pdf-lib parses a font for each document it is embedded in (a quarter of a second for the CJK font):
 *   this hands back the font already parsed for the same bytes. A parsed font is only read from (a subset
 *   is a new object), so documents share it.
 */
const cachedFontkit: Fontkit = {
  create(data) {
    let font = parsed.get(data);
    if (!font) {
      const opened = fontkit.create(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      if (!('createSubset' in opened)) throw new Error('A font collection is not a font');
      const createSubset = opened.createSubset.bind(opened);
      Object.assign(opened, {
        createSubset: () => Object.assign(createSubset(), { encodeStream: encodeStreamOf }),
        layout: (text: string) => ({ glyphs: glyphsOf(opened, text) }),
      });
      font = opened as unknown as ParsedFont;
      parsed.set(data, font);
    }
    return font;
  },
};

const isVariationSelector = (codePoint: number) =>
  (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef);

/**
 * The glyphs for `text`, each carrying the character it stands for. fontkit caches a glyph with the code
 * points it was first looked up by, and a glyph first reached as part of a composite one while a subset
 * is encoded (the 'r' inside 'ř') is cached with none; pdf-lib writes the text layer (ToUnicode) from
 * these code points, so every later document in the process would draw that letter but lose it when
 * copied or searched. glyphsForString gives one glyph per code point, a variation selector folded into
 * the glyph before it.
 */
function glyphsOf(font: fontkit.Font, text: string): fontkit.Glyph[] {
  const glyphs = font.glyphsForString(text);
  const codePoints = Array.from(text, (char) => char.codePointAt(0) ?? 0).filter(
    (c) => !isVariationSelector(c),
  );
  for (const [index, glyph] of glyphs.entries()) {
    if (!glyph.codePoints.length && codePoints[index] !== undefined) glyph.codePoints = [codePoints[index]];
  }
  return glyphs;
}

/** The stream pdf-lib reads a subset from: the whole encoded font as one chunk. */
function encodeStreamOf(this: fontkit.Subset) {
  const stream = new EventEmitter();
  setImmediate(() => {
    try {
      stream.emit('data', this.encode());
      stream.emit('end');
    } catch (error) {
      stream.emit('error', error);
    }
  });
  return stream;
}

/** A stretch of text and the font that draws every character of it. */
export type Piece = { text: string; font: PDFFont };

export type EmbeddedFonts = {
  /** `text` as pieces in the style's face, with the CJK face for what that face lacks. */
  pieces(text: string, style?: FontStyle): Piece[];
  widthOf(text: string, size: number, style?: FontStyle): number;
};

// Format characters (soft hyphens, zero-width joiners, byte-order marks) draw nothing.
const INVISIBLE = /\p{Cf}/gu;
const AS_SPACE = /[\t\u2028\u2029]/g;
/** What no bundled font draws: a visible stand-in rather than an empty box. */
export const MISSING = '?';

/** Text as the fonts should receive it: composed (so accents sit on their letters), without invisibles. */
const normalize = (text: string) => text.normalize('NFC').replace(INVISIBLE, '').replace(AS_SPACE, ' ');

const has = (font: ParsedFont, char: string) =>
  char === '\n' || font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0);

/** True when the text has a character Noto Sans lacks, so the CJK faces must be embedded too. */
function needsCjk(text: string): boolean {
  const { font } = load('regular');
  for (const char of normalize(text)) if (!has(font, char)) return true;
  return false;
}

type Embedded = { font: PDFFont; parsed: ParsedFont };

/**
 * Embeds the bundled faces into `pdf`, subset to the glyphs drawn, so a document carries only what it
 * uses. `text` is everything the caller will draw (or more): the CJK faces are embedded only when it needs
 * them. Fonts are read and parsed once per process.
 */
export async function embedFonts(pdf: PDFDocument, text: string): Promise<EmbeddedFonts> {
  pdf.registerFontkit(cachedFontkit);
  const embed = async (name: FileName): Promise<Embedded> => {
    const { data, font } = load(name);
    return { font: await pdf.embedFont(data, { subset: true }), parsed: font };
  };
  const faces = {
    regular: await embed('regular'),
    bold: await embed('bold'),
    italic: await embed('italic'),
    boldItalic: await embed('boldItalic'),
  };
  const cjk = needsCjk(text) ? { regular: await embed('cjk'), bold: await embed('cjkBold') } : null;

  function pieces(text: string, style: FontStyle = {}): Piece[] {
    const primary = style.bold
      ? faces[style.italic ? 'boldItalic' : 'bold']
      : faces[style.italic ? 'italic' : 'regular'];
    const fallback = cjk?.[style.bold ? 'bold' : 'regular'];
    const out: Piece[] = [];
    for (let char of normalize(text)) {
      let { font } = primary;
      if (!has(primary.parsed, char)) {
        if (fallback && has(fallback.parsed, char)) font = fallback.font;
        // A combining mark no font has is dropped; any other character shows as MISSING.
        else if (/\p{M}/u.test(char)) continue;
        else char = MISSING;
      }
      const last = out.at(-1);
      if (last?.font === font) last.text += char;
      else out.push({ text: char, font });
    }
    return out;
  }

  return {
    pieces,
    widthOf: (text, size, style) =>
      pieces(text, style).reduce((sum, piece) => sum + piece.font.widthOfTextAtSize(piece.text, size), 0),
  };
}

/** Draws one line of text from (x, y), switching fonts where a character needs another; returns its width. */
export function drawLine(
  page: PDFPage,
  fonts: EmbeddedFonts,
  text: string,
  options: { x: number; y: number; size: number; style?: FontStyle; color?: Color },
): number {
  let x = options.x;
  for (const piece of fonts.pieces(text, options.style)) {
    page.drawText(piece.text, {
      x,
      y: options.y,
      size: options.size,
      font: piece.font,
      color: options.color,
    });
    x += piece.font.widthOfTextAtSize(piece.text, options.size);
  }
  return x - options.x;
}
