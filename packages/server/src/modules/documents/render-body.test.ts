import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLANK, type BodyData, joinList, renderBody } from './render-body.ts';

const data: BodyData = {
  values: {
    company: { type: 'company_name', value: 'Acme | *Rockets*, Inc.' },
    date: { type: 'date', value: '03/02/2026' },
    par: { type: 'currency', value: '$0.00001' },
    price: { type: 'currency', value: '1000' },
    office: {
      type: 'address',
      value: JSON.stringify({ line_one: '1 Main St', city: 'Dover', state: 'DE', zip: '19901' }),
    },
    vest: { type: 'boolean', value: 'true' },
    perks: { type: 'checkbox_group', value: '["Dental","Vision","Gym"]' },
    ssn: { type: 'social_security', value: '123456789' },
    empty: { type: 'string', value: '' },
  },
  lists: {
    founders: [
      { name: { type: 'person_name', value: 'Ada' }, shares: { type: 'integer', value: '400' } },
      { name: { type: 'person_name', value: 'Charles' }, shares: { type: 'integer', value: '300' } },
    ],
  },
};

describe('renderBody', () => {
  it('fills plain tokens, escaping what Markdown would read', () => {
    expect(renderBody('# {{company}}', data)).toBe('# Acme \\| \\*Rockets\\*, Inc.');
  });

  it('applies the date, currency, upper and list filters', () => {
    expect(renderBody('{{date | date}}', data)).toBe('March 2, 2026');
    expect(renderBody('{{price | currency}}', data)).toBe('$1,000.00');
    expect(renderBody('{{vest | upper}}', data)).toBe('YES');
    expect(renderBody('{{perks | list}}', data)).toBe('Dental, Vision and Gym');
  });

  it('shows each type for reading', () => {
    expect(renderBody('{{office}}', data)).toBe('1 Main St, Dover, DE 19901');
    expect(renderBody('{{ssn}}', data)).toBe('\\*\\*\\*\\*\\*6789');
    expect(renderBody('{{vest}}', data)).toBe('Yes');
  });

  it('joins a field of every entry, and repeats each blocks per entry', () => {
    expect(renderBody('Signed by {{founders.name}}.', data)).toBe('Signed by Ada and Charles.');
    const body = 'Before\n{{#each founders}}\n- {{.name}}: {{.shares}}\n{{/each}}\nAfter';
    expect(renderBody(body, data)).toBe('Before\n- Ada: 400\n- Charles: 300\nAfter');
  });

  it('leaves a visible blank for missing answers', () => {
    expect(renderBody('{{empty}} / {{nothing}} / {{founders.age}}', data)).toBe(
      `${BLANK} / ${BLANK} / ${BLANK}`,
    );
    expect(renderBody('{{#each nobody}}- {{.name}}{{/each}}', data)).toBe('');
  });

  it('returns a body without tokens unchanged', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{{')),
        (body) => renderBody(body, data) === body,
      ),
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
