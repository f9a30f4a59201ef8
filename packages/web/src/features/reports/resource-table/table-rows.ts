import { displayValue, type ReportColumn, type ReportRow, sortKey } from '@charter/domain';

export type Sort = { key: string; direction: 'asc' | 'desc' } | null;
export type DateRange = { from: string; to: string };

/** The created-date column every resource table ends with. */
export const CREATED_COLUMN: ReportColumn = { key: '__created', label: 'Date Added', type: 'date' };

const createdDay = (row: ReportRow) => row.created_at.slice(0, 10);

/** A row's raw value under a column (the created date is the row's own). */
export const cellOf = (row: ReportRow, column: ReportColumn) =>
  column.key === CREATED_COLUMN.key ? createdDay(row) : (row.values[column.key] ?? '');

/** Rows created between `from` and `to` (YYYY-MM-DD, either may be empty), sorted by a column. */
export function visibleRows(
  rows: readonly ReportRow[],
  columns: readonly ReportColumn[],
  sort: Sort,
  range: DateRange,
): ReportRow[] {
  const filtered = rows.filter((row) => {
    const day = createdDay(row);
    return (!range.from || day >= range.from) && (!range.to || day <= range.to);
  });
  if (!sort) return filtered;
  const column = [...columns, CREATED_COLUMN].find((c) => c.key === sort.key);
  if (!column) return filtered;
  const keyed = filtered.map((row) => ({ row, key: sortKey(column.type, cellOf(row, column)) }));
  keyed.sort((a, b) => {
    const order =
      typeof a.key === 'number' && typeof b.key === 'number'
        ? a.key - b.key
        : String(a.key).localeCompare(String(b.key));
    return sort.direction === 'asc' ? order : -order;
  });
  return keyed.map((entry) => entry.row);
}

/** The CSV a table downloads: its header and each row as shown on screen (an empty cell left empty). */
export function csvRows(columns: readonly ReportColumn[], rows: readonly ReportRow[]): string[][] {
  const all = [...columns, CREATED_COLUMN];
  return [
    all.map((c) => c.label),
    ...rows.map((row) =>
      all.map((c) => {
        const raw = cellOf(row, c);
        return raw.trim() ? displayValue(c.type, raw) : '';
      }),
    ),
  ];
}
