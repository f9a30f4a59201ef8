import {
  decodeList,
  decodeShareLinks,
  type FieldType,
  formatAddress,
  formatCurrency,
  maskSsn,
  parseCurrency,
  parseDateInput,
} from '@charter/domain';

export type TypedAnswer = { type: FieldType; value: string };
/** What a body is rendered from: plain answers by question id, resource lists as entries of fields. */
export type BodyData = {
  values: Record<string, TypedAnswer>;
  lists: Record<string, Array<Record<string, TypedAnswer>>>;
};

/** What a missing answer renders as, so a reader sees the gap. */
export const BLANK = '__________';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'a', 'a and b', 'a, b and c' */
export function joinList(items: readonly string[]): string {
  const present = items.filter(Boolean);
  if (present.length <= 1) return present[0] ?? '';
  return `${present.slice(0, -1).join(', ')} and ${present.at(-1)}`;
}

/** Characters that would change the Markdown around an answer are escaped, so answers stay text. */
export const escapeMarkdown = (text: string) =>
  text.replace(/([\\`*_[\]|#<>])/g, '\\$1').replace(/\r?\n/g, ' ');

function longDate(stored: string): string {
  const parsed = parseDateInput(stored);
  if (!parsed.ok) return stored;
  const [year, month, day] = parsed.iso.split('-').map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** An answer as a reader should see it, by its type. */
function display(answer: TypedAnswer): string {
  const { type, value } = answer;
  if (!value.trim()) return '';
  switch (type) {
    case 'address':
    case 'address_universal':
      return formatAddress(value);
    case 'social_security':
      return maskSsn(value);
    case 'boolean':
      return value === 'true' ? 'Yes' : value === 'false' ? 'No' : value;
    case 'checkbox_group':
      return joinList(decodeList(value));
    case 'share_links':
      return joinList(decodeShareLinks(value).map((link) => `${link.label} (${link.url})`));
    default:
      return value;
  }
}

function applyFilter(answer: TypedAnswer, filter: string | null): string {
  switch (filter) {
    case 'date':
      return answer.value.trim() ? longDate(answer.value) : '';
    case 'currency': {
      const amount = parseCurrency(answer.value);
      return amount === null ? display(answer) : formatCurrency(amount);
    }
    case 'upper':
      return display(answer).toUpperCase();
    case 'list':
      return answer.type === 'checkbox_group' ? joinList(decodeList(answer.value)) : display(answer);
    default:
      return display(answer);
  }
}

const TOKEN = /\{\{\s*([^}|#/]+?)\s*(?:\|\s*([a-z]+)\s*)?\}\}/g;
const EACH = /\{\{\s*#each\s+([\w-]+)\s*\}\}(\r?\n)?([\s\S]*?)\{\{\s*\/each\s*\}\}(\r?\n)?/g;

function substitute(text: string, resolve: (path: string, filter: string | null) => string | null): string {
  return text.replace(TOKEN, (_match, rawPath: string, filter?: string) => {
    const value = resolve(rawPath.trim(), filter ?? null);
    return value ? escapeMarkdown(value) : BLANK;
  });
}

/**
 * Fills a document body's tokens (the grammar of templates/README.md) with the answers:
 * {{q}}, {{q | filter}}, {{list.field}} (every entry, joined) and {{#each list}}…{{.field}}…{{/each}}.
 */
export function renderBody(body: string, data: BodyData): string {
  const expanded = body.replace(
    EACH,
    (_match, name: string, opening?: string, inner = '', closing?: string) => {
      const entries = data.lists[name] ?? [];
      // A block on lines of its own repeats those lines, without leaving blank lines around them.
      const after = opening ? '' : (closing ?? '');
      return `${entries
        .map((entry) =>
          substitute(inner, (path, filter) => {
            if (!path.startsWith('.')) return null;
            const answer = entry[path.slice(1)];
            return answer ? applyFilter(answer, filter) : null;
          }),
        )
        .join('')}${after}`;
    },
  );
  return substitute(expanded, (path, filter) => {
    const [name, field] = path.split('.');
    if (field !== undefined) {
      const entries = data.lists[name] ?? [];
      return joinList(entries.map((entry) => (entry[field] ? applyFilter(entry[field], filter) : '')));
    }
    const answer = data.values[name];
    if (answer) return applyFilter(answer, filter);
    const list = data.lists[name];
    return list ? joinList(list.map((entry) => Object.values(entry)[0]?.value ?? '')) : null;
  });
}
