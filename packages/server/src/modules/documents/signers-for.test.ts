import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../templates/load-library.ts';
import { bodyDataFrom } from '../workflows/generate-document.ts';
import type { BodyData } from './render-body.ts';
import { signersFor } from './signers-for.ts';

const answers = (values: Record<string, string>): BodyData => ({
  values: Object.fromEntries(Object.entries(values).map(([id, value]) => [id, { type: 'string', value }])),
  lists: {},
});

describe('signersFor', () => {
  it("fills each signer's name and email from the answers, as plain text", () => {
    const task = {
      signers: [
        { role: 'Company', name: '{{first}} {{last}}', email: '{{mail}}', order: 1 },
        { role: 'Investor', name: 'The Investor', email: 'fund_ops@vc.test', order: 2 },
      ],
    };
    expect(signersFor(task, answers({ first: 'Ada', last: 'Lovelace', mail: 'ada_l@acme.test' }))).toEqual([
      { role: 'Company', name: 'Ada Lovelace', email: 'ada_l@acme.test', order: 1 },
      { role: 'Investor', name: 'The Investor', email: 'fund_ops@vc.test', order: 2 },
    ]);
  });

  it('gives an empty email for a signer who cannot be sent the document yet', () => {
    const task = { signers: [{ role: 'Company', name: '{{who}}', email: '{{mail}}', order: 1 }] };
    expect(signersFor(task, answers({ who: '', mail: '' }))).toEqual([
      { role: 'Company', name: '', email: '', order: 1 },
    ]);
    expect(signersFor(task, answers({ who: 'Ada', mail: 'not an address' }))[0].email).toBe('');
  });

  it("names the Mutual NDA's two signers from its frozen answers", () => {
    const nda = loadLibrary().templates.find((t) => t.id === 'mutual-nda');
    const group = nda?.transactions[0];
    const task = group?.tasks.find((t) => t.id === 'nda');
    if (!group || !task) throw new Error('the library has no Mutual NDA');
    const snapshot = {
      company_name: 'Acme, Inc.',
      signer_name: 'Ada Lovelace',
      signer_email: 'ada@acme.test',
      counterparty: 'Globex Corporation',
      counterparty_signer: 'Hank Scorpio',
      counterparty_email: '',
    };
    expect(signersFor(task, bodyDataFrom(group, snapshot))).toEqual([
      { role: 'Company', name: 'Ada Lovelace', email: 'ada@acme.test', order: 1 },
      { role: 'Counterparty', name: 'Hank Scorpio', email: '', order: 1 },
    ]);
  });
});
