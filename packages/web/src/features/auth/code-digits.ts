import { sanitizeCodeDigits } from '@charter/domain';

export const CODE_LENGTH = 6;

export const emptyDigits = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

export type DigitsChange = { digits: string[]; focus: number };

/**
 * Typing into box `index`: keeps the digits typed (a browser may deliver several at once, e.g. autofill)
 * and moves focus past them. Non-digits are ignored.
 */
export function typeDigits(digits: readonly string[], index: number, typed: string): DigitsChange {
  const clean = sanitizeCodeDigits(typed);
  if (!clean) return { digits: [...digits], focus: index };
  return pasteDigits(digits, index, clean);
}

/** Pasting at box `index`: digits only, filled from that box on; a full code fills from the first box. */
export function pasteDigits(digits: readonly string[], index: number, pasted: string): DigitsChange {
  const clean = sanitizeCodeDigits(pasted);
  const next = [...digits];
  if (!clean) return { digits: next, focus: index };
  const start = clean.length >= CODE_LENGTH ? 0 : index;
  let position = start;
  for (const digit of clean) {
    if (position >= CODE_LENGTH) break;
    next[position] = digit;
    position += 1;
  }
  return { digits: next, focus: Math.min(position, CODE_LENGTH - 1) };
}

/** Backspace in box `index`: clears it, or the previous box when it is already empty. */
export function eraseDigit(digits: readonly string[], index: number): DigitsChange {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const previous = Math.max(0, index - 1);
  next[previous] = '';
  return { digits: next, focus: previous };
}

export const isComplete = (digits: readonly string[]) => digits.every((digit) => /^\d$/.test(digit));
