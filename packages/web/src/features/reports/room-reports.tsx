import type { RoomReportView } from '@charter/domain';
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResourceTable } from './resource-table/resource-table.tsx';

/**
 * A room's report tables (its overview's reports section). Props only, for the admin room page and the
 * visitor's: `admin` adds the notes on what users see; `actionsFor` lets the admin page add its controls.
 */
export function RoomReports({
  tables,
  admin = false,
  onNotice,
  actionsFor,
}: {
  tables: readonly RoomReportView[];
  admin?: boolean;
  onNotice?: (message: string) => void;
  actionsFor?: (table: RoomReportView) => ReactNode;
}) {
  return (
    <Stack gap="md" id="reports">
      {tables.map((table) => (
        <Paper key={table.id} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              {table.question_label}
            </Title>
            <ResourceTable
              title={table.question_label}
              columns={table.feature_types}
              rows={table.rows}
              adminNotes={admin ? { userOnly: table.user_only } : null}
              onNotice={onNotice}
              actions={actionsFor?.(table)}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
