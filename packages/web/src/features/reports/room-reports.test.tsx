import type { RoomReportView } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoomReports } from './room-reports.tsx';

const table = (id: number, label: string, userOnly: boolean): RoomReportView => ({
  id,
  feature_type_id: `fund.${id}`,
  question_label: label,
  user_only: userOnly,
  has_email: true,
  position: id,
  feature_types: [{ key: 'name', label: 'Name', type: 'person_name' }],
  rows: [{ resource_id: id, created_at: '2025-01-01T00:00:00.000Z', values: { name: `${label} row` } }],
});
const show = (admin: boolean) =>
  render(
    <MantineProvider>
      <RoomReports tables={[table(1, 'Investors', true), table(2, 'Advisors', false)]} admin={admin} />
    </MantineProvider>,
  );

afterEach(cleanup);

describe('a room’s report tables', () => {
  it('shows each table in order, with the notes on what users see to admins only', () => {
    show(true);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Investors', 'Advisors']);
    expect(screen.getAllByText('Users will not see empty tables.')).toHaveLength(2);
    expect(screen.getAllByText('Users will only see their own information in this table.')).toHaveLength(1);
    cleanup();
    show(false);
    expect(screen.getByText('Investors row')).toBeTruthy();
    expect(screen.queryByText('Users will not see empty tables.')).toBeNull();
  });
});
