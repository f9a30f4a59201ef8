import type { ReportColumn, ReportRow } from '@charter/domain';
import { parseCsv } from '@charter/domain/reports/csv';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceTable } from './resource-table.tsx';

const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../../ui/save-blob.ts', () => ({ saveBlob }));

const columns: ReportColumn[] = [
  { key: 'name', label: 'Name', type: 'person_name' },
  { key: 'ssn', label: 'SSN', type: 'social_security' },
  { key: 'stake', label: 'Stake', type: 'percent' },
];
const row = (
  id: number,
  name: string,
  created = '2025-01-01',
  values: Record<string, string> = {},
): ReportRow => ({
  resource_id: id,
  created_at: `${created}T12:00:00.000Z`,
  values: { name, ...values },
});
const many = (n: number) => Array.from({ length: n }, (_, i) => row(i + 1, `Person ${i + 1}`));
const show = (rows: ReportRow[], props: Partial<Parameters<typeof ResourceTable>[0]> = {}) =>
  render(
    <MantineProvider>
      <ResourceTable title="Investors" columns={columns} rows={rows} {...props} />
    </MantineProvider>,
  );
const bodyRows = () => document.querySelectorAll('tbody tr[data-row]');

afterEach(() => {
  cleanup();
  saveBlob.mockReset();
});

describe('the resource table', () => {
  it('shows values by the spec’s rules and sorts by a column', () => {
    show([
      row(1, 'Bea', '2025-01-02', { ssn: '123456789', stake: '12.5' }),
      row(2, 'Al', '2025-01-01', { ssn: '', stake: '' }),
    ]);
    const cells = () => [...bodyRows()].map((tr) => tr.querySelector('td')?.textContent);
    expect(cells()).toEqual(['Bea', 'Al']);
    expect(screen.getByText('6789')).toBeTruthy();
    expect(screen.getByText('12.5%')).toBeTruthy();
    expect(screen.getAllByText('--')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(cells()).toEqual(['Al', 'Bea']);
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(cells()).toEqual(['Bea', 'Al']);
  });

  it('shows a document column’s file by its name, linked to its file link', () => {
    const withDeck = [...columns, { key: 'deck', label: 'Deck', type: 'document' }];
    render(
      <MantineProvider>
        <ResourceTable
          title="Investors"
          columns={withDeck}
          rows={[row(1, 'Ada', '2025-01-01', { deck: '41' }), row(2, 'Bo', '2025-01-01', { deck: '99' })]}
          files={[{ id: 41, filename: 'Ada deck.pdf', url: '/api/user/report/file/41/jwt/t0ken' }]}
        />
      </MantineProvider>,
    );
    const link = screen.getByRole('link', { name: 'Ada deck.pdf' });
    expect(link.getAttribute('href')).toBe('/api/user/report/file/41/jwt/t0ken');
    expect(link.getAttribute('target')).toBe('_blank');
    // A value with no link (a file the user may not open) stays plain text.
    expect(screen.getByText('99')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('filters by the date a row was added', () => {
    show([row(1, 'Old', '2024-06-01'), row(2, 'New', '2025-03-01')]);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect([...bodyRows()].map((tr) => tr.querySelector('td')?.textContent)).toEqual(['New']);
  });

  it('cuts long text at 200 characters with a way to read the rest', () => {
    show([row(1, 'x'.repeat(250))]);
    expect(screen.getByText(/^x{200}…/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText(/^x{250}/)).toBeTruthy();
  });

  it('downloads the rows shown as CSV, formula-like cells neutralised', async () => {
    const onNotice = vi.fn();
    show([row(1, '=SUM(A1)', '2025-07-04', { ssn: '123456789' })], { onNotice });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(onNotice).toHaveBeenCalledWith('Starting Download.');
    const [blob, name] = saveBlob.mock.calls[0] as [Blob, string];
    expect(name).toBe('Investors.csv');
    expect(parseCsv(await blob.text())).toEqual([
      ['Name', 'SSN', 'Stake', 'Date Added'],
      ["'=SUM(A1)", '6789', '', '07/04/2025'],
    ]);
  });

  it('draws only a window of a 450-row table (virtualised above 399 rows)', () => {
    show(many(450));
    expect(document.querySelector('[data-virtualized="true"]')).toBeTruthy();
    const drawn = bodyRows().length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(100);
  });

  it('draws every row of a 399-row table', () => {
    show(many(399));
    expect(document.querySelector('[data-virtualized="true"]')).toBeNull();
    expect(bodyRows()).toHaveLength(399);
  });

  it('starts collapsed above 500 rows, and opens on request', () => {
    show(many(501));
    expect(bodyRows()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show 501 rows' }));
    const drawn = bodyRows().length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(100);
  });

  it('tells admins what users see', () => {
    show([], { adminNotes: { userOnly: true } });
    const region = screen.getByRole('region', { name: 'Investors' });
    expect(within(region).getByText('Users will not see empty tables.')).toBeTruthy();
    expect(within(region).getByText('Users will only see their own information in this table.')).toBeTruthy();
  });
});
