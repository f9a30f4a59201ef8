import { applyChange, type TextChange } from '@charter/domain/review/redline';
import { diffWords } from 'diff';

/** A run of a redline: kept, inserted or deleted text. */
export type RedlinePart = { value: string; kind: 'same' | 'added' | 'removed' };

/** How much text around a change its redline shows. */
export const CONTEXT_CHARS = 60;

/** Where a window of context starts or ends: at a space, so the words at its edges stay whole. */
function snap(text: string, index: number, direction: -1 | 1) {
  let at = Math.max(0, Math.min(text.length, index));
  while (at > 0 && at < text.length && !/\s/.test(text[at])) at += direction;
  return at;
}

/**
 * The redline of one suggestion: the passage with some context, as it is and as it would read, compared
 * word by word. Null when the suggestion no longer applies to this text (its quote does not match).
 */
export function redlineOf(source: string, change: TextChange, context = CONTEXT_CHARS): RedlinePart[] | null {
  const from = snap(source, change.start - context, -1);
  const to = snap(source, change.end + context, 1);
  const window = source.slice(from, to);
  const local = { ...change, start: change.start - from, end: change.end - from };
  const after = applyChange(window, local);
  if (after === null) return null;
  return diffWords(window, after).map((part) => ({
    value: part.value,
    kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
  }));
}

/** What a suggestion asks, in a few words for its card. */
export function describeChange(change: Pick<TextChange, 'kind' | 'quote' | 'text'>): string {
  const quote = change.quote.length > 40 ? `${change.quote.slice(0, 40)}…` : change.quote;
  switch (change.kind) {
    case 'insert':
      return `Insert after "${quote}"`;
    case 'delete':
      return `Delete "${quote}"`;
    case 'replace':
      return `Replace "${quote}"`;
    default:
      return quote ? `Comment on "${quote}"` : 'Comment';
  }
}
