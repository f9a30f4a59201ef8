import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentRow } from '../workbench/types.ts';
import { DocumentsList, dayOf, withinDays } from './documents-list.tsx';

const doc = (id: number): DocumentRow => ({
  id,
  filename: `Document ${String(id).padStart(3, '0')}.pdf`,
  label: `Document ${id}`,
  box_file_id: id,
  original_file_id: null,
  status: 'document.completed',
  revision_count: 0,
  template_variant: null,
  account_task_id: null,
  transaction_id: null,
  created_at: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
  updated_at: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
  completed_at: null,
});

afterEach(cleanup);

const queryClient = new QueryClient();
const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider>
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </MantineProvider>
);

const rows = () =>
  within(screen.getByRole('table', { name: 'Documents' }))
    .getAllByRole('row')
    .slice(1);

describe('DocumentsList', () => {
  it('shows 5 rows, pages by a fifth of the list (at least 25), and back to 5', () => {
    const documents = Array.from({ length: 60 }, (_, i) => doc(i + 1));
    render(
      <Providers>
        <DocumentsList companyId={7} documents={documents} onPreview={() => undefined} />
      </Providers>,
    );
    expect(rows()).toHaveLength(5);
    expect(rows()[0].textContent).toContain('Document 060.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(rows()).toHaveLength(30);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(rows()).toHaveLength(55);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(rows()).toHaveLength(60);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(rows()).toHaveLength(5);
  });

  it('opens a preview from a row and says when there is nothing', () => {
    const onPreview = vi.fn();
    const { rerender } = render(
      <Providers>
        <DocumentsList companyId={7} documents={[doc(1)]} onPreview={onPreview} />
      </Providers>,
    );
    expect(screen.getByText('Completed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Document 001.pdf' }));
    expect(onPreview).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(screen.queryByRole('button', { name: 'Recipients' })).toBeNull();
    rerender(
      <Providers>
        <DocumentsList companyId={7} documents={[]} onPreview={onPreview} />
      </Providers>,
    );
    expect(screen.getByText('No documents yet.')).toBeTruthy();
  });

  it('filters by whole days, both ends included', () => {
    const day = (n: number): DocumentRow => ({
      ...doc(n),
      created_at: new Date(Date.UTC(2026, 0, n, 15)).toISOString(),
    });
    const documents = [day(1), day(2), day(3)];
    const [first, , last] = documents.map(dayOf);
    expect(withinDays(documents, first, last)).toHaveLength(3);
    expect(withinDays(documents, first + 1, last).map((d) => d.id)).toEqual([2, 3]);
    expect(withinDays(documents, first, first).map((d) => d.id)).toEqual([1]);
    render(
      <Providers>
        <DocumentsList companyId={7} documents={documents} onPreview={() => undefined} />
      </Providers>,
    );
    expect(screen.getAllByRole('slider')).toHaveLength(2);
    // Each thumb reads out its date, not a count of days since 1970.
    const dateOf = (n: number) => new Date(first * 86_400_000 + (n - 1) * 86_400_000).toLocaleDateString();
    expect(screen.getByRole('slider', { name: 'From date' }).getAttribute('aria-valuetext')).toBe(dateOf(1));
    expect(screen.getByRole('slider', { name: 'To date' }).getAttribute('aria-valuetext')).toBe(dateOf(3));
  });

  it('offers Send for signature on a PDF not yet prepared, and Signing once it is', () => {
    const onSigning = vi.fn();
    const documents: DocumentRow[] = [
      doc(1),
      { ...doc(2), box_file_id: null, original_file_id: 20, status: 'document.sent' },
      { ...doc(3), filename: 'Notes.docx' },
    ];
    render(
      <Providers>
        <DocumentsList
          companyId={7}
          documents={documents}
          onPreview={() => undefined}
          onSigning={onSigning}
        />
      </Providers>,
    );
    const [word, sent, pdf] = rows();
    expect(within(sent).getByText('Awaiting Signature')).toBeTruthy();
    // A sent document's file is its original until the sealed one is there.
    expect(within(sent).getByRole('button', { name: 'Document 002.pdf' })).toBeTruthy();
    fireEvent.click(within(sent).getByRole('button', { name: 'Signing' }));
    expect(onSigning).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(within(pdf).getByRole('button', { name: 'Send for signature' })).toBeTruthy();
    expect(within(word).queryByRole('button', { name: 'Send for signature' })).toBeNull();
  });
});
