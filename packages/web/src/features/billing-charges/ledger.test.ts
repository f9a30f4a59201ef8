import type { ReportRow } from '@charter/domain';
import { parseCsv } from '@charter/domain/reports/csv';
import { describe, expect, it } from 'vitest';
import { ledgerCsv, ledgerFileName, resourceName } from './ledger.ts';

const columns = [
  { key: 'name', label: 'Name', type: 'string' },
  { key: 'note', label: 'Note', type: 'string' },
  { key: 'shares', label: 'Shares', type: 'string' },
  { key: 'phone', label: 'Phone', type: 'phone' },
  { key: 'balance', label: 'Balance', type: 'integer' },
];
const rows: ReportRow[] = [
  {
    resource_id: 1,
    created_at: '2026-01-01T00:00:00Z',
    values: { name: 'Ada, "the first"', note: '=1+1', shares: '10' },
  },
  {
    resource_id: 2,
    created_at: '2026-01-02T00:00:00Z',
    values: { name: 'Grace', note: 'line\nbreak', shares: '5', phone: '+1 (202) 555-1234', balance: '-5' },
  },
];

describe('ledger CSV', () => {
  it('names the file by entity, label, Ledger and date', () => {
    expect(ledgerFileName('Acme, Inc.', 'Founders', new Date('2026-11-26T10:00:00Z'))).toBe(
      'Acme, Inc., Founders, Ledger 2026-11-26.csv',
    );
  });

  it('keeps the chosen inputs and resources, quotes and neutralises cells', () => {
    const csv = ledgerCsv(columns, rows, { inputs: new Set(['name', 'note']), resources: new Set([1, 2]) });
    expect(csv.split('\r\n')[1]).toBe(`"Ada, ""the first""",'=1+1`);
    expect(parseCsv(csv)).toEqual([
      ['Name', 'Note'],
      ['Ada, "the first"', "'=1+1"],
      ['Grace', 'line\nbreak'],
    ]);
    const one = ledgerCsv(columns, rows, { inputs: new Set(['shares']), resources: new Set([2]) });
    expect(parseCsv(one)).toEqual([['Shares'], ['5']]);
    expect(resourceName(rows[1], columns)).toBe('Grace');
  });

  it('writes a phone or a negative number as it is, never as text with an apostrophe', () => {
    const csv = ledgerCsv(columns, rows, { inputs: new Set(['phone', 'balance']), resources: new Set([2]) });
    expect(csv.split('\r\n')[1]).toBe('+1 (202) 555-1234,-5');
  });
});
