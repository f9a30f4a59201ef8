import { describe, expect, it } from 'vitest';
import { type Block, parseMarkdown } from './markdown-blocks.ts';

const plain = (text: string) => ({ bold: false, italic: false, text });
const kinds = (blocks: Block[]) => blocks.map((block) => block.kind);

describe('parseMarkdown', () => {
  it('reads emphasis, leaving unmatched marks, escapes and signature lines as text', () => {
    const [paragraph] = parseMarkdown('a **b** *c* _d_ ***e*** ____ x\\*y 2 * 3 snake_case_name *open');
    expect(paragraph).toEqual({
      kind: 'paragraph',
      runs: [
        plain('a '),
        { bold: true, italic: false, text: 'b' },
        plain(' '),
        { bold: false, italic: true, text: 'c' },
        plain(' '),
        { bold: false, italic: true, text: 'd' },
        plain(' '),
        { bold: true, italic: true, text: 'e' },
        plain(' ____ x*y 2 * 3 snake_case_name *open'),
      ],
    });
  });

  it('reads blocks: continued and nested items, tables, rules, and a line of underscores as text', () => {
    const blocks = parseMarkdown(
      '1. one\ncontinued\n   - nested\n2. two\n\n| a | b |\n|:--|--:|\n| c |\n\n---\n__________',
    );
    expect(kinds(blocks)).toEqual(['item', 'item', 'item', 'space', 'table', 'space', 'rule', 'paragraph']);
    expect(blocks[0]).toEqual({ kind: 'item', marker: '1.', depth: 0, runs: [plain('one continued')] });
    expect(blocks[1]).toMatchObject({ marker: '-', depth: 1 });
    expect(blocks[2]).toMatchObject({ marker: '2.', depth: 0 });
    expect(blocks[4]).toEqual({
      kind: 'table',
      header: true,
      rows: [
        [[plain('a')], [plain('b')]],
        [[plain('c')], []],
      ],
    });
    expect(blocks[7]).toEqual({ kind: 'paragraph', runs: [plain('__________')] });
  });

  it('numbers lists from their start, bullets the top level, and hangs later paragraphs of an item', () => {
    const blocks = parseMarkdown('3. three\n4. four\n\n- top\n\n  more of top\n  - inner\n');
    expect(blocks.filter((block) => block.kind === 'item')).toEqual([
      { kind: 'item', marker: '3.', depth: 0, runs: [plain('three')] },
      { kind: 'item', marker: '4.', depth: 0, runs: [plain('four')] },
      { kind: 'item', marker: '•', depth: 0, runs: [plain('top')] },
      { kind: 'item', marker: '', depth: 0, runs: [plain('more of top')] },
      { kind: 'item', marker: '-', depth: 1, runs: [plain('inner')] },
    ]);
  });

  it('breaks lines at two trailing spaces or a backslash, and joins the others', () => {
    expect(parseMarkdown('one  \ntwo\\\nthree\nfour')).toEqual([
      { kind: 'paragraph', runs: [plain('one\ntwo\nthree four')] },
    ]);
  });

  it('caps headings at ###, and keeps a table of blank headers without a header row', () => {
    const blocks = parseMarkdown('#### Deep *one*\n\n| | |\n|---|---|\n| x | y |');
    expect(blocks[0]).toEqual({
      kind: 'heading',
      level: 3,
      runs: [plain('Deep '), { bold: false, italic: true, text: 'one' }],
    });
    expect(blocks[2]).toEqual({ kind: 'table', header: false, rows: [[[plain('x')], [plain('y')]]] });
  });

  it('shows task list boxes in characters the fonts have', () => {
    expect(parseMarkdown('- [x] done\n- [ ] *open*\n\n  more')).toEqual([
      { kind: 'item', marker: '•', depth: 0, runs: [plain('[x] done')] },
      {
        kind: 'item',
        marker: '•',
        depth: 0,
        runs: [plain('[ ] '), { bold: false, italic: true, text: 'open' }],
      },
      { kind: 'space' },
      { kind: 'item', marker: '', depth: 0, runs: [plain('more')] },
    ]);
  });

  it('shows links, code and raw HTML as their text', () => {
    const blocks = parseMarkdown(
      '[Deck](https://acme.test) `x < y` <b>bold</b> https://acme.test\n\n<div>\nraw\n</div>',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', runs: [plain('Deck x < y <b>bold</b> https://acme.test')] },
      { kind: 'space' },
      { kind: 'paragraph', runs: [plain('<div>\nraw\n</div>')] },
    ]);
  });
});
