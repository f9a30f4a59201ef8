import { type FieldKind, signingTagsIn } from '@charter/domain';
import { Marked, type Token, type Tokens } from 'marked';

export type Style = { bold: boolean; italic: boolean };
/** A signing tag ({{sign:Company}}): a place for a signer, drawn as an empty box rather than as text. */
export type Tag = { kind: FieldKind; role: string };
/** Text in one style; '\n' in it is a forced line break. A run with a tag has no text of its own. */
export type Run = Style & { text: string; tag?: Tag };
export type Block =
  | { kind: 'heading'; level: number; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[] }
  /** A list item's first paragraph with its marker, or a later paragraph of it (marker ''). */
  | { kind: 'item'; marker: string; depth: number; runs: Run[] }
  | { kind: 'table'; header: boolean; rows: Run[][][] }
  | { kind: 'rule' }
  | { kind: 'space' };

/** Headings deeper than ### are drawn as ###. */
const HEADING_LEVELS = 3;
const MAX_DEPTH = 4;

const markdown = new Marked({
  gfm: true,
  tokenizer: {
    // A line of underscores is text, not a rule: it is what a missing answer or a place to sign looks like.
    hr(src) {
      return /^ {0,3}_/.test(src) ? undefined : false;
    },
    // A bare address is text: a PDF shows it as written, and as a link it would keep an escaping backslash.
    url() {
      return undefined;
    },
  },
});

const PLAIN: Style = { bold: false, italic: false };

/**
 * Inline tokens as runs: emphasis becomes the style; links, code and struck text show their text. Signing
 * tags are read from plain text only: an answer is escaped into a body (`\{`), and an escaped brace is
 * its own token, so an answer that looks like a tag prints as text and never adds a field.
 */
function runsOf(tokens: Token[] | undefined, style: Style = PLAIN): Run[] {
  const runs: Run[] = [];
  const push = (text: string, runStyle: Style) => {
    const last = runs.at(-1);
    if (last && !last.tag && last.bold === runStyle.bold && last.italic === runStyle.italic)
      last.text += text;
    else if (text) runs.push({ ...runStyle, text });
  };
  const add = (run: Run) => {
    if (run.tag) runs.push(run);
    else push(run.text, run);
  };
  const pushText = (text: string, runStyle: Style) => {
    let at = 0;
    for (const { kind, role, index, raw } of signingTagsIn(text)) {
      push(text.slice(at, index), runStyle);
      runs.push({ ...runStyle, text: '', tag: { kind, role } });
      at = index + raw.length;
    }
    push(text.slice(at), runStyle);
  };
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
      case 'em': {
        const inner = token.type === 'strong' ? { ...style, bold: true } : { ...style, italic: true };
        for (const run of runsOf(token.tokens, inner)) add(run);
        break;
      }
      case 'br':
        push('\n', style);
        break;
      default:
        if ('tokens' in token && token.tokens?.length) {
          for (const run of runsOf(token.tokens, style)) add(run);
        } else if (token.type === 'escape') push(token.text, style);
        else if ('text' in token && typeof token.text === 'string') {
          // A soft line break inside a paragraph is a space.
          const text = token.text.replace(/\n/g, ' ');
          if (token.type === 'text') pushText(text, style);
          else push(text, style);
        }
    }
  }
  return runs;
}

/** Text kept line for line (code blocks, raw HTML): each line break is a forced break. */
const literal = (text: string): Run[] => [{ ...PLAIN, text: text.replace(/\n+$/, '') }];

/** Runs with `text` before them, in the first run when that one is plain. */
function prefixed(text: string, runs: Run[]): Run[] {
  const [first, ...rest] = runs;
  if (first && !first.bold && !first.italic && !first.tag)
    return [{ ...first, text: text + first.text }, ...rest];
  return [{ ...PLAIN, text }, ...runs];
}

/** Where blocks stand: in a list item (its marker until drawn, and a task box to print first) or not. */
type Context = { depth: number; marker: string | null; box?: string };

function blocksOf(tokens: Token[], into: Block[], context: Context | null): void {
  // A list item's first block carries its marker; its later blocks hang under it.
  const paragraph = (runs: Run[]) => {
    if (!runs.length) return;
    if (!context) into.push({ kind: 'paragraph', runs });
    else {
      const { marker, depth, box } = context;
      into.push({ kind: 'item', marker: marker ?? '', depth, runs: box ? prefixed(box, runs) : runs });
      context.marker = null;
      context.box = undefined;
    }
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'heading':
        into.push({
          kind: 'heading',
          level: Math.min(token.depth, HEADING_LEVELS),
          runs: runsOf(token.tokens),
        });
        break;
      case 'paragraph':
      case 'text':
        paragraph(runsOf(token.tokens ?? [token]));
        break;
      case 'code':
      case 'html':
        paragraph(literal(token.text));
        break;
      case 'list':
        list(token as Tokens.List, into, context);
        break;
      case 'blockquote':
        blocksOf(token.tokens ?? [], into, { depth: context ? context.depth + 1 : 0, marker: '' });
        break;
      case 'table': {
        const table = token as Tokens.Table;
        const header = table.header.map((cell) => runsOf(cell.tokens));
        const rows = table.rows.map((row) => row.map((cell) => runsOf(cell.tokens)));
        // A header of empty cells is a way to write a table without one.
        const hasHeader = table.header.some((cell) => cell.text.trim());
        into.push({ kind: 'table', header: hasHeader, rows: hasHeader ? [header, ...rows] : rows });
        break;
      }
      case 'hr':
        into.push({ kind: 'rule' });
        break;
      case 'space':
        if (into.length && into.at(-1)?.kind !== 'space') into.push({ kind: 'space' });
        break;
      // Link reference definitions and task boxes (see list) draw nothing here.
    }
  }
}

function list(token: Tokens.List, into: Block[], parent: Context | null): void {
  const depth = parent ? Math.min(parent.depth + 1, MAX_DEPTH) : 0;
  // An item that opens with a list ('- - x') shows its own marker on a line of its own first.
  if (parent?.marker) {
    into.push({ kind: 'item', marker: parent.marker, depth: parent.depth, runs: [] });
    parent.marker = null;
  }
  const start = typeof token.start === 'number' ? token.start : 1;
  token.items.forEach((item, index) => {
    const marker = token.ordered ? `${start + index}.` : depth > 0 ? '-' : '•';
    // A task list's box (its checkbox token is left out wherever marked puts it), in characters the
    // bundled fonts have.
    const box = item.task ? (item.checked ? '[x] ' : '[ ] ') : undefined;
    const context: Context = { depth, marker, box };
    blocksOf(item.tokens, into, context);
    // An item with nothing in it still shows its marker.
    if (context.marker) into.push({ kind: 'item', marker, depth, runs: [] });
  });
}

/**
 * Markdown's blocks as the PDF layout draws them, read by marked (CommonMark with GitHub's tables):
 * headings (# to ###, deeper ones as ###), paragraphs (two trailing spaces or a backslash break a line),
 * lists (nested, numbered or bulleted), tables, rules (--- or ***), and blank lines.
 */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  blocksOf(markdown.lexer(source), blocks, null);
  while (blocks.at(-1)?.kind === 'space') blocks.pop();
  return blocks;
}
