import { encodeAddress, encodeShareLinks, type FieldType } from '@charter/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Block, parseMarkdown } from '../../adapters/pdf/markdown-blocks.ts';
import { TOKEN } from '../templates/tokens.ts';
import { BLANK, type BodyData, escapeMarkdown, fillTokens, joinList, renderBody } from './render-body.ts';

const answer = (type: FieldType, value: string) => ({ type, value });

const data: BodyData = {
  values: {
    company: answer('company_name', 'Acme Rockets, Inc.'),
    formed: answer('date', '01/05/2025'),
    month: answer('month', '03/2026'),
    par: answer('currency', '$0.00001'),
    price: answer('currency', '$1,000.00'),
    shares: answer('integer', '10000000'),
    salary: answer('salary', '$85,000.00 Per Year'),
    office: answer(
      'address',
      encodeAddress({ line_one: '1 Main St', line_two: 'Suite 2', city: 'Dover', state: 'DE', zip: '19901' }),
    ),
    vest: answer('boolean', 'true'),
    bylaws: answer('boolean', 'false'),
    perks: answer('checkbox_group', '["Dental","Vision","Gym"]'),
    ssn: answer('social_security', '123456789'),
    links: answer(
      'share_links',
      encodeShareLinks([
        { label: 'Deck', url: 'https://acme.test/deck' },
        { label: 'Site', url: 'acme.test' },
      ]),
    ),
    empty: answer('string', '   '),
  },
  lists: {
    founders: [
      { name: answer('person_name', 'Ada Lovelace'), shares: answer('integer', '400') },
      { name: answer('person_name', 'Charles Babbage'), shares: answer('integer', '') },
    ],
    advisors: [],
  },
};

const render = (body: string) => renderBody(body, data);
/** A missing answer, as Markdown that reads as the underscores themselves. */
const blank = escapeMarkdown(BLANK);

describe('renderBody', () => {
  it('fills {{q}} with the answer as a reader should see it, by type', () => {
    expect(render('{{company}}')).toBe('Acme Rockets, Inc.');
    expect(render('{{ company }} on {{formed}}')).toBe('Acme Rockets, Inc. on 01/05/2025');
    expect(render('{{office}}')).toBe('1 Main St, Suite 2, Dover, DE 19901');
    expect(render('{{ssn}}')).toBe('\\*\\*\\*-\\*\\*-6789');
    expect(render('{{vest}} / {{bylaws}}')).toBe('Yes / No');
    expect(render('{{perks}}')).toBe('Dental, Vision and Gym');
    expect(render('{{links}}')).toBe('Deck (https://acme.test/deck) and Site (https://acme.test)');
  });

  it('formats dates with | date', () => {
    expect(render('{{formed | date}}')).toBe('January 5, 2025');
    expect(render('{{month | date}}')).toBe('March 2026');
    expect(render('{{company | date}}')).toBe('Acme Rockets, Inc.');
  });

  it('formats amounts with | currency, keeping stored amounts as written', () => {
    expect(render('{{price | currency}}')).toBe('$1,000.00');
    expect(render('{{shares | currency}}')).toBe('$10,000,000.00');
    expect(render('{{par | currency}}')).toBe('$0.00001');
    expect(render('{{salary | currency}}')).toBe('$85,000.00 Per Year');
  });

  it('prints numbers with thousands separators, and other digits as stored', () => {
    const typed = (type: FieldType, value: string) =>
      renderBody('{{q}}', { values: { q: answer(type, value) }, lists: {} });
    expect(render('{{shares}} shares')).toBe('10,000,000 shares');
    expect(typed('number', '1234567.125')).toBe('1,234,567.125');
    expect(typed('float', '2500.5')).toBe('2,500.5');
    expect(typed('percent', '1250.5%')).toBe('1,250.5%');
    expect(typed('currency', '1250000')).toBe('$1,250,000.00');
    expect(typed('float_currency', '$1,250,000.00001')).toBe('$1,250,000.00001');
    expect(typed('zip', '19901')).toBe('19901');
    expect(typed('string', '2025')).toBe('2025');
    expect(typed('integer', 'many')).toBe('many');
    expect(render('{{#each founders}}{{.shares}};{{/each}}')).toBe(`400;${blank};`);
  });

  it('upper-cases with | upper and joins with | list', () => {
    expect(render('{{company | upper}}')).toBe('ACME ROCKETS, INC.');
    expect(render('{{vest|upper}}')).toBe('YES');
    expect(render('{{perks | list}}')).toBe('Dental, Vision and Gym');
    expect(render('{{founders | list}}')).toBe('Ada Lovelace and Charles Babbage');
  });

  it('joins a field of every entry with {{list.field}}', () => {
    expect(render('Signed by {{founders.name}}.')).toBe('Signed by Ada Lovelace and Charles Babbage.');
    expect(render('{{founders.name | upper}}')).toBe('ADA LOVELACE and CHARLES BABBAGE');
    expect(render('{{founders.shares}}')).toBe(`400 and ${blank}`);
  });

  it('repeats each blocks per entry, whole lines when the markers stand alone', () => {
    const body = [
      'Before',
      '{{#each founders}}',
      '- {{.name}} of {{company}}:',
      '  {{.shares}} shares',
      '{{/each}}',
      'After',
    ].join('\n');
    expect(render(body)).toBe(
      [
        'Before',
        '- Ada Lovelace of Acme Rockets, Inc.:',
        '  400 shares',
        `- Charles Babbage of Acme Rockets, Inc.:`,
        `  ${blank} shares`,
        'After',
      ].join('\n'),
    );
    expect(render('| {{#each founders}}{{.name | upper}}; {{/each}}|')).toBe(
      '| ADA LOVELACE; CHARLES BABBAGE; |',
    );
  });

  it('leaves a visible blank for whatever is missing', () => {
    expect(render('{{empty}} / {{nothing}} / {{founders.age}} / {{advisors.name}} / {{.name}}')).toBe(
      [blank, blank, blank, blank, blank].join(' / '),
    );
    expect(render('{{nothing | date}} {{empty | currency}}')).toBe(`${blank} ${blank}`);
    expect(render('{{#each advisors}}\n- {{.name}}\n{{/each}}\n')).toBe(`- ${blank}\n`);
  });

  it('escapes what Markdown would read in an answer', () => {
    const hostile = (value: string) =>
      renderBody('{{q}}', { values: { q: answer('text', value) }, lists: {} });
    expect(hostile('# Heading')).toBe('\\# Heading');
    expect(hostile('| a | b |')).toBe('\\| a \\| b \\|');
    expect(hostile('*bold* _it_ `code` [link](x) <b>')).toBe(
      '\\*bold\\* \\_it\\_ \\`code\\` \\[link\\](x) \\<b\\>',
    );
    expect(hostile('- item')).toBe('\\- item');
    expect(hostile('1. item')).toBe('1\\. item');
    expect(hostile('line one\n\n## two')).toBe('line one \\#\\# two');
    expect(hostile('{{ssn}}')).toBe('\\{\\{ssn\\}\\}');
    expect(escapeMarkdown('C:\\path')).toBe('C:\\\\path');
  });

  it('property: an answer read as Markdown is its own text, in a line, a heading, an item or a cell', () => {
    const markdownish = fc.string({
      unit: fc.constantFrom(
        ...'*_`#|-+=>.)[]()!<>\\~&:/ \n\t1aZ'.split(''),
        '***',
        '---',
        '___',
        '1.',
        '&amp;',
        'www.a.test',
        'a@b.test',
        '<b>',
        '  \n',
        'Dvořák',
        '王小明',
        '{{sign:Company}}',
      ),
    });
    const contexts = [
      { body: '{{q}}', text: (blocks: Block[]) => blocks[0]?.kind === 'paragraph' && blocks[0].runs },
      { body: '# {{q}}', text: (blocks: Block[]) => blocks[0]?.kind === 'heading' && blocks[0].runs },
      { body: '- {{q}}', text: (blocks: Block[]) => blocks[0]?.kind === 'item' && blocks[0].runs },
      {
        body: '| a | b |\n|---|---|\n| {{q}} | b |',
        text: (blocks: Block[]) => blocks[0]?.kind === 'table' && blocks[0].rows[1]?.[0],
      },
    ];
    fc.assert(
      fc.property(fc.oneof(fc.string(), markdownish), (value) => {
        const expected = value.trim().replace(/\s*[\r\n]+\s*/g, ' ');
        fc.pre(expected !== '');
        for (const { body, text } of contexts) {
          const blocks = parseMarkdown(renderBody(body, { values: { q: answer('text', value) }, lists: {} }));
          const runs = text(blocks) || [];
          expect(blocks, body).toHaveLength(1);
          expect(runs.map((run) => run.text).join(''), body).toBe(expected);
          expect(
            runs.every((run) => !run.bold || body.startsWith('#')),
            body,
          ).toBe(true);
          expect(
            runs.every((run) => !run.italic),
            body,
          ).toBe(true);
          // An answer that reads like a signing tag is text, never a place to sign.
          expect(
            runs.every((run) => !run.tag),
            body,
          ).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leaves signing tags as they are, for the PDF layout to draw', () => {
    expect(render('| {{sign:Company}} | {{ date : Counterparty }} for {{company}} |')).toBe(
      '| {{sign:Company}} | {{ date : Counterparty }} for Acme Rockets, Inc. |',
    );
    expect(render('{{#each founders}}{{.name}} {{initials:Founder}}; {{/each}}')).toBe(
      'Ada Lovelace {{initials:Founder}}; Charles Babbage {{initials:Founder}}; ',
    );
  });

  it('fills a line as plain text with fillTokens: nothing escaped, nothing missing shown', () => {
    const line = (text: string, value: string) =>
      fillTokens(text, { values: { q: answer('email', value), empty: answer('email', '') }, lists: {} });
    expect(line('{{q}}', 'first_last@acme.test')).toBe('first_last@acme.test');
    expect(line(' {{empty}} ', '')).toBe('');
    expect(line('{{q}} <{{empty}}>', '*x*')).toBe('*x* <>');
    expect(fillTokens('{{founders.name}}', data)).toBe('Ada Lovelace and Charles Babbage');
    expect(fillTokens('{{vest}} {{formed | date}}', data)).toBe('Yes January 5, 2025');
  });

  it('keeps unpaired block markers as text', () => {
    expect(render('{{/each}} {{#if x}}')).toBe('{{/each}} {{#if x}}');
    expect(render('{{#each founders}}\n{{company}}')).toBe('{{#each founders}}\nAcme Rockets, Inc.');
  });

  it('returns a body without tokens unchanged', () => {
    const hasToken = (body: string) => body.split('\n').some((line) => [...line.matchAll(TOKEN)].length);
    const markdownish = fc.string({
      unit: fc.constantFrom('{', '}', '{{', '}}', '|', '#', '/', '.', ' ', '\n', '*', '_', 'each', 'a'),
    });
    fc.assert(
      fc.property(fc.oneof(fc.string(), markdownish), (body) => {
        fc.pre(!hasToken(body));
        expect(render(body)).toBe(body);
      }),
      { numRuns: 500 },
    );
  });

  it('joins lists the English way', () => {
    expect([joinList([]), joinList(['a']), joinList(['a', 'b']), joinList(['a', '', 'c'])]).toEqual([
      '',
      'a',
      'a and b',
      'a and c',
    ]);
  });
});
