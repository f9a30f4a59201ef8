import {
  countOf,
  displayValue,
  REPORT_MESSAGES,
  type ReportColumn,
  type ReportFileLink,
  type ReportRow,
  TABLE_COLLAPSE_ABOVE,
  TABLE_VIRTUALIZE_ABOVE,
} from '@charter/domain';
import { toCsv } from '@charter/domain/reports/csv';
import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconDownload,
  IconInfoCircle,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { saveBlob } from '../../../ui/save-blob.ts';
import { LongText } from './long-text.tsx';
import { CREATED_COLUMN, cellOf, csvRows, type DateRange, type Sort, visibleRows } from './table-rows.ts';
import { VirtualBody } from './virtual-body.tsx';

export type ResourceTableProps = {
  title: string;
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
  /** The CSV file's name, without the extension. */
  fileName?: string;
  /** Shown to admins: users do not see empty tables; a user-only table shows each viewer their own rows. */
  adminNotes?: { userOnly: boolean } | null;
  /** Told when a download starts ('Starting Download.'), so the page can show its notice. */
  onNotice?: (message: string) => void;
  actions?: ReactNode;
  /** The files document columns name, with their links (GET /api/user/report): a cell shows the name as a link. */
  files?: readonly ReportFileLink[];
};

/**
 * The reusable resource table of spec 3: sort by a column, filter by the date a row was added, download
 * as CSV, values shown by the spec's rules; virtualised above 399 rows and collapsed at first above 500.
 * Props only (no app hooks), so the visitor pages use it as the staff app does.
 */
export function ResourceTable({
  title,
  columns,
  rows,
  fileName,
  adminNotes,
  onNotice,
  actions,
  files,
}: ResourceTableProps) {
  const fileById = useMemo(() => new Map((files ?? []).map((file) => [String(file.id), file])), [files]);
  const [sort, setSort] = useState<Sort>(null);
  const [range, setRange] = useState<DateRange>({ from: '', to: '' });
  const [collapsed, setCollapsed] = useState(rows.length > TABLE_COLLAPSE_ABOVE);
  const shown = useMemo(() => visibleRows(rows, columns, sort, range), [rows, columns, sort, range]);
  const all = [...columns, CREATED_COLUMN];

  const toggleSort = (key: string) =>
    setSort((current) =>
      current?.key !== key
        ? { key, direction: 'asc' }
        : current.direction === 'asc'
          ? { key, direction: 'desc' }
          : null,
    );
  const download = () => {
    onNotice?.(REPORT_MESSAGES.startingDownload);
    const csv = toCsv(csvRows(columns, shown));
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${fileName ?? title}.csv`);
  };

  const header = (
    <Table.Tr>
      {all.map((column) => {
        const active = sort?.key === column.key;
        const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
        return (
          <Table.Th
            key={column.key}
            aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
          >
            <UnstyledButton onClick={() => toggleSort(column.key)} fw={600} fz="sm">
              <Group gap={4} wrap="nowrap">
                {column.label}
                <Icon size={14} aria-hidden />
              </Group>
            </UnstyledButton>
          </Table.Th>
        );
      })}
    </Table.Tr>
  );
  const renderRow = (row: ReportRow) => (
    <Table.Tr key={row.resource_id} data-row={row.resource_id}>
      {all.map((column) => (
        <Table.Td key={column.key}>
          {column.type === 'document' && fileById.has(cellOf(row, column)) ? (
            <FileCell file={fileById.get(cellOf(row, column)) as ReportFileLink} />
          ) : (
            <LongText text={displayValue(column.type, cellOf(row, column))} />
          )}
        </Table.Td>
      ))}
    </Table.Tr>
  );

  return (
    <Stack gap="sm" aria-label={title} role="region">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="sm" align="flex-end">
          <TextInput
            type="date"
            size="xs"
            label="From"
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            size="xs"
            label="To"
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
          />
        </Group>
        <Group gap="xs">
          {actions}
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={download}>
            Download CSV
          </Button>
        </Group>
      </Group>
      {adminNotes && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />} p="xs">
          <Text size="xs">{REPORT_MESSAGES.adminEmptyNote}</Text>
          {adminNotes.userOnly && <Text size="xs">{REPORT_MESSAGES.adminUserOnlyNote}</Text>}
        </Alert>
      )}
      {collapsed ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {countOf(shown.length, 'row')}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => setCollapsed(false)}>
            Show {countOf(shown.length, 'row')}
          </Button>
        </Group>
      ) : shown.length > TABLE_VIRTUALIZE_ABOVE ? (
        <VirtualBody header={header} rows={shown} renderRow={renderRow} columns={all.length} />
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped highlightOnHover>
            <Table.Thead>{header}</Table.Thead>
            <Table.Tbody>
              {shown.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={all.length}>
                    <Text size="sm" c="dimmed">
                      {REPORT_MESSAGES.noRows}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                shown.map(renderRow)
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length > TABLE_COLLAPSE_ABOVE && !collapsed && (
        <Group justify="flex-end">
          <Button size="xs" variant="subtle" onClick={() => setCollapsed(true)}>
            Collapse table
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A file a document column names: its name, opening its short-lived link in a new tab. */
function FileCell({ file }: { file: ReportFileLink }) {
  return (
    <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm">
      {file.filename}
    </Anchor>
  );
}
