import type { EmbeddedFonts, FontStyle } from '../pdf/fonts.ts';

/** A word wider than a whole line, cut by characters (never inside a surrogate pair) into pieces that fit. */
function cutWord(word: string, fits: (text: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && !fits(piece + char)) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Text broken into lines no wider than `width`, at spaces where it can be, so a hash or an address stays
 * whole on one line (and copyable) whenever it fits one. Forced line breaks in the text are kept.
 */
export function wrapText(
  fonts: EmbeddedFonts,
  text: string,
  options: { size: number; width: number; style?: FontStyle },
): string[] {
  const fits = (line: string) => fonts.widthOf(line, options.size, options.style) <= options.width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      const pieces = fits(word) ? [word] : cutWord(word, fits);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
    }
    lines.push(line);
  }
  return lines;
}
