import type { RoomOverview } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoomOverviewSections } from './room-overview.tsx';

const overview: RoomOverview = {
  documents: [
    {
      id: 1,
      label: 'Term sheet',
      filename: 'term-sheet.pdf',
      file_id: 7,
      document_id: 3,
      status: 'sent',
      requires_signature: true,
    },
    {
      id: 2,
      label: 'Deck',
      filename: 'Deck',
      file_id: 8,
      document_id: null,
      status: null,
      requires_signature: false,
    },
  ],
  links: [{ id: 5, label: 'Website', link: 'https://example.com' }],
  tables: [
    {
      id: 9,
      resource_type_id: 2,
      label: 'Directors',
      fields: [
        { key: 'email', label: 'Email', type: 'email' },
        { key: 'roles', label: 'Roles', type: 'text' },
        { key: 'shares', label: 'Shares', type: 'integer' },
        { key: 'paid', label: 'Paid', type: 'currency' },
      ],
      rows: [
        {
          resource_id: 4,
          name: 'Ada Lovelace',
          values: { email: 'ada@example.com', roles: 'Chair|Director', shares: '4000000', paid: '' },
        },
      ],
    },
  ],
  summary: { documents: 2, required: 1 },
  badges: { requiring_signature: 1 },
  reports: [],
};

const show = (props: Partial<Parameters<typeof RoomOverviewSections>[0]> = {}) =>
  render(
    <MantineProvider>
      <RoomOverviewSections overview={overview} {...props} />
    </MantineProvider>,
  );

afterEach(cleanup);

describe('the room overview (props only, shared with the visitor page)', () => {
  it('shows the sections in the spec order, read-only without actions', () => {
    show();
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(regions).toEqual(['Documents Requiring Signature', 'Directors', 'All Documents', 'Links']);
    const toSign = screen.getByRole('region', { name: 'Documents Requiring Signature' });
    expect(within(toSign).getByText('Term sheet')).toBeTruthy();
    expect(within(toSign).queryByText('Deck')).toBeNull();
    const table = screen.getByRole('region', { name: 'Directors' });
    expect(within(table).getByText('Chair, Director')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe('https://example.com');
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByText('2 documents, 1 requiring signature')).toBeTruthy();
  });

  it('offers the edit actions when given, and opens documents', () => {
    const onOpen = vi.fn();
    const onMove = vi.fn();
    const onRemove = vi.fn();
    show({
      onOpenDocument: onOpen,
      documentActions: { onMove, onRemove, onRename: vi.fn() },
    });
    const all = screen.getByRole('region', { name: 'All Documents' });
    fireEvent.click(within(all).getByRole('button', { name: 'Deck' }));
    expect(onOpen).toHaveBeenCalledWith(overview.documents[1]);
    expect(
      (within(all).getByRole('button', { name: 'Move Term sheet up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(all).getByRole('button', { name: 'Move Term sheet down' }));
    expect(onMove).toHaveBeenCalledWith(overview.documents[0], 1);
    fireEvent.click(within(all).getByRole('button', { name: 'Remove Deck' }));
    expect(onRemove).toHaveBeenCalledWith(overview.documents[1]);
  });

  it("shows values as reports do: '--' when empty, numbers grouped", () => {
    show();
    const table = screen.getByRole('region', { name: 'Directors' });
    expect(within(table).getByText('4,000,000')).toBeTruthy();
    expect(within(table).getByText('--')).toBeTruthy();
  });

  it('counts documents in the singular when there is one', () => {
    show({ overview: { ...overview, summary: { documents: 1, required: 0 } } });
    expect(screen.getByText('1 document, 0 requiring signature')).toBeTruthy();
  });
});
