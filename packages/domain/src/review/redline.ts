/**
 * Suggested changes to a revision's Markdown and how they apply (pure, zod-free: the server applies them
 * on approval, the staff and visitor apps preview them). A change names a passage of the revision by its
 * offsets and its text (the quote): replace and delete change the passage, insert adds after it, a
 * comment changes nothing.
 */
export const SUGGESTION_KINDS = ['insert', 'delete', 'replace', 'comment'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export const SUGGESTION_STATES = [
  'pending',
  'accepted',
  'rejected',
  'applied',
  'withdrawn',
  'outdated',
] as const;
export type SuggestionState = (typeof SUGGESTION_STATES)[number];

export type TextChange = {
  id?: number;
  kind: SuggestionKind;
  start: number;
  end: number;
  quote: string;
  text: string;
};

/** The part of the text a change rewrites: the passage, or the point just after it for an insert. */
export function changedRange(change: TextChange): { from: number; to: number } {
  if (change.kind === 'insert') return { from: change.end, to: change.end };
  if (change.kind === 'comment') return { from: change.start, to: change.start };
  return { from: change.start, to: change.end };
}

/** Whether the change still names the passage it quotes in this text. */
export const quoteMatches = (source: string, change: Pick<TextChange, 'start' | 'end' | 'quote'>) =>
  change.start >= 0 &&
  change.start <= change.end &&
  change.end <= source.length &&
  source.slice(change.start, change.end) === change.quote;

/** Two changes that touch the same text (an insert inside the other's passage, or two at one point). */
export function overlaps(a: TextChange, b: TextChange): boolean {
  if (a.kind === 'comment' || b.kind === 'comment') return false;
  const x = changedRange(a);
  const y = changedRange(b);
  if (x.from === x.to && y.from === y.to) return x.from === y.from;
  if (x.from === x.to) return y.from < x.from && x.from < y.to;
  if (y.from === y.to) return x.from < y.from && y.from < x.to;
  return x.from < y.to && y.from < x.to;
}

export type ApplyResult =
  | { ok: true; text: string }
  | { ok: false; reason: 'quote'; id?: number }
  | { ok: false; reason: 'overlap'; ids: [number | undefined, number | undefined] };

/** The text with every change applied (in order of position), or why that cannot be done. */
export function applyChanges(source: string, changes: readonly TextChange[]): ApplyResult {
  const edits = changes.filter((c) => c.kind !== 'comment');
  for (const change of edits) {
    if (!quoteMatches(source, change)) return { ok: false, reason: 'quote', id: change.id };
  }
  const sorted = [...edits].sort((a, b) => changedRange(a).from - changedRange(b).from);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      if (overlaps(sorted[i], sorted[j])) {
        return { ok: false, reason: 'overlap', ids: [sorted[i].id, sorted[j].id] };
      }
    }
  }
  let text = source;
  // From the end backwards, so the offsets of the changes still to apply stay true.
  for (const change of sorted.reverse()) {
    const { from, to } = changedRange(change);
    const inserted = change.kind === 'delete' ? '' : change.text;
    text = text.slice(0, from) + inserted + text.slice(to);
  }
  return { ok: true, text };
}

/** One change applied alone (what the redline of one suggestion compares with the revision). */
export function applyChange(source: string, change: TextChange): string | null {
  const applied = applyChanges(source, [change]);
  return applied.ok ? applied.text : null;
}
