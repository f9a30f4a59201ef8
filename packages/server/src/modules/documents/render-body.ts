import {
  asSigningTag,
  decodeList,
  decodeShareLinks,
  type FieldType,
  formatAddress,
  formatCurrency,
  groupThousands,
  parseCurrency,
  parseDateInput,
  parseMonthInput,
  sanitizeSsn,
} from '@charter/domain';
import { TOKEN } from '../templates/tokens.ts';

export type TypedAnswer = { type: FieldType; value: string };
type Entry = Record<string, TypedAnswer>;
/** What a body is rendered from: plain answers by question id, resource lists as entries of fields. */
export type BodyData = { values: Record<string, TypedAnswer>; lists: Record<string, Entry[]> };

/** What a missing answer renders as, so a reader sees the gap. */
export const BLANK = '__________';

/** 'a', 'a and b', 'a, b and c' */
export function joinList(items: readonly string[]): string {
  const present = items.filter(Boolean);
  if (present.length <= 1) return present[0] ?? '';
  return `${present.slice(0, -1).join(', ')} and ${present.at(-1)}`;
}

/**
 * An answer as literal text in Markdown: inline punctuation is escaped, as is whatever would start a
 * heading, list, quote or rule at the start of a line, and line breaks become spaces, so an answer can
 * never add structure to the document around it.
 */
export const escapeMarkdown = (text: string) =>
  text
    .trim()
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/[\\`*_{}[\]<>|#~]/g, '\\$&')
    .replace(/^[-+=>]/, '\\$&')
    .replace(/^(\d+)([.)])/, '$1\\$2');

const UTC = { timeZone: 'UTC' } as const;
const longDay = new Intl.DateTimeFormat('en-US', { ...UTC, month: 'long', day: 'numeric', year: 'numeric' });
const longMonth = new Intl.DateTimeFormat('en-US', { ...UTC, month: 'long', year: 'numeric' });
const preciseUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 20,
});

/** '01/05/2025' -> 'January 5, 2025' and '01/2025' -> 'January 2025'; null for anything else. */
function longDate(stored: string): string | null {
  const day = parseDateInput(stored);
  if (day.ok) return longDay.format(new Date(`${day.iso}T00:00:00Z`));
  const month = parseMonthInput(stored);
  return month.ok ? longMonth.format(new Date(`${month.iso}-01T00:00:00Z`)) : null;
}

/** A stored amount ('$1,000.00') stays as written; a bare number is formatted ('1000' -> '$1,000.00'). */
function currency(stored: string): string | null {
  if (/^\(?-?\$/.test(stored)) return stored;
  const amount =
    parseCurrency(stored) ?? (/^-?\d[\d,]*(\.\d+)?$/.test(stored) ? Number(stored.replace(/,/g, '')) : null);
  if (amount === null || !Number.isFinite(amount)) return null;
  // Sub-cent amounts (a par value of $0.00001) keep their digits.
  return Math.round(amount * 100) === amount * 100 ? formatCurrency(amount) : preciseUsd.format(amount);
}

/** An answer as a reader should see it, by its type ('' when unanswered). */
function display({ type, value }: TypedAnswer): string {
  const stored = value.trim();
  if (!stored) return '';
  switch (type) {
    case 'address':
    case 'address_universal':
      // Older answers may be plain text rather than the stored JSON.
      return formatAddress(stored) || (stored.startsWith('{') ? '' : stored);
    case 'social_security': {
      const digits = sanitizeSsn(stored);
      return digits ? `***-**-${digits.slice(-4)}` : '';
    }
    case 'boolean':
      return stored === 'true' ? 'Yes' : stored === 'false' ? 'No' : stored;
    case 'checkbox_group':
      return stored.startsWith('[') ? joinList(decodeList(stored)) : stored;
    case 'share_links': {
      const links = decodeShareLinks(stored).map(({ label, url }) => (label ? `${label} (${url})` : url));
      return links.length ? joinList(links) : stored;
    }
    // Numbers read with thousands separators; other fields of digits (years, zip codes, ids) do not.
    case 'integer':
    case 'number':
    case 'float':
    case 'percent':
      return groupThousands(stored) ?? stored;
    // Stored amounts are formatted already; a bare number from older data is formatted here.
    case 'currency':
    case 'float_currency':
      return currency(stored) ?? stored;
    default:
      return stored;
  }
}

function format(answer: TypedAnswer | undefined, filter: string | null): string {
  if (!answer?.value.trim()) return '';
  const stored = answer.value.trim();
  switch (filter) {
    case 'date':
      return longDate(stored) ?? display(answer);
    case 'currency':
      return currency(stored) ?? display(answer);
    case 'upper':
      return display(answer).toUpperCase();
    default:
      // 'list' needs nothing more: a checkbox group is joined for display, a resource list by resolve.
      return display(answer);
  }
}

/** An entry named as a whole ({{founders}}): its first answered field, the person or company's name. */
const entryLabel = (entry: Entry, filter: string | null) =>
  format(
    Object.values(entry).find((answer) => answer.value.trim()),
    filter,
  );

/** The texts a token stands for: one, or one per entry of a list ('' where an answer is missing). */
function resolve(path: string, filter: string | null, data: BodyData, entry: Entry | null): string[] {
  const [name, field, ...rest] = path.split('.');
  if (rest.length > 0) return [];
  if (name === '') return entry ? [format(entry[field], filter)] : [];
  if (field !== undefined) return (data.lists[name] ?? []).map((item) => format(item[field], filter));
  if (data.values[name]) return [format(data.values[name], filter)];
  return (data.lists[name] ?? []).map((item) => entryLabel(item, filter));
}

// Escaped too: between punctuation, '(__________) and (__________)' would read as emphasis.
const blank = escapeMarkdown(BLANK);

function show(texts: string[]): string {
  if (!texts.some(Boolean)) return blank;
  return joinList(texts.map((text) => (text ? escapeMarkdown(text) : blank)));
}

type Each = { kind: 'each'; list: string; nodes: Node[] };
type Node = { kind: 'text'; text: string } | { kind: 'token'; path: string; filter: string | null } | Each;

/**
 * The body as text, tokens and each blocks, read line by line as the library check reads it. A block
 * marker alone on its line takes the whole line, so the block repeats whole lines. A marker that pairs
 * with nothing stays as text (the library check rejects it before a body gets here). A signing tag is
 * text too: the PDF layout draws it as a box for its signer.
 */
function parse(body: string): Node[] {
  const root: Node[] = [];
  const open: Array<{ block: Each; parent: Node[]; raw: string }> = [];
  const current = () => open.at(-1)?.block.nodes ?? root;
  const text = (value: string) => value && current().push({ kind: 'text', text: value });
  const lines = body.split('\n');
  lines.forEach((line, index) => {
    const newline = index < lines.length - 1 ? '\n' : '';
    let at = 0;
    for (const match of line.matchAll(TOKEN)) {
      const [raw, sigil, rawPath, filter] = match;
      if (asSigningTag(raw)) continue;
      const path = rawPath.trim();
      const [keyword, list, extra] = path.split(/\s+/);
      const opens = sigil === '#' && keyword === 'each' && Boolean(list) && !extra;
      const closes = sigil === '/' && path === 'each' && open.length > 0;
      if (sigil && !opens && !closes) continue;
      const alone = Boolean(sigil) && line.trim() === raw;
      text(line.slice(at, match.index));
      at = alone ? line.length + newline.length : match.index + raw.length;
      if (!sigil) current().push({ kind: 'token', path, filter: filter ?? null });
      else if (opens) {
        const block: Each = { kind: 'each', list, nodes: [] };
        const parent = current();
        parent.push(block);
        open.push({ block, parent, raw: alone ? line + newline : raw });
      } else open.pop();
    }
    text((line + newline).slice(at));
  });
  // A block never closed: its marker as text, its contents as if outside it.
  for (const { block, parent, raw } of open.reverse()) {
    parent.splice(parent.indexOf(block), 1, { kind: 'text', text: raw }, ...block.nodes);
  }
  return root;
}

/** How a token's texts are written into what is rendered: as Markdown (show) or as plain text. */
type Show = (texts: string[]) => string;

function render(nodes: Node[], data: BodyData, entry: Entry | null, write: Show): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'token') out += write(resolve(node.path, node.filter, data, entry));
    else {
      // A list without entries still renders its block once, blank, so a reader sees what is missing.
      const entries = data.lists[node.list]?.length ? data.lists[node.list] : [{}];
      for (const item of entries) out += render(node.nodes, data, item, write);
    }
  }
  return out;
}

/**
 * Fills a document body's tokens (the grammar of templates/README.md) with the answers:
 * {{q}}, {{q | filter}}, {{list.field}} (every entry, joined) and {{#each list}}…{{.field}}…{{/each}}.
 * Answers are substituted once, as escaped text, so an answer that looks like a token (or a signing tag)
 * stays text. Signing tags ({{sign:Company}}) are left as they are, for the PDF layout.
 */
export function renderBody(body: string, data: BodyData): string {
  return render(parse(body), data, null, show);
}

/**
 * A line that is not Markdown (a signer's name or email) with its tokens filled as plain text: answers as
 * a reader sees them, nothing escaped, a missing answer left out rather than drawn as a blank.
 */
export function fillTokens(text: string, data: BodyData): string {
  return render(parse(text), data, null, joinList).trim();
}
