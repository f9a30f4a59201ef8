import { displayValue, type ReportColumn, type ReportRow } from '@charter/domain';
import { toCsv } from '@charter/domain/reports/csv';

/** Spec 1 §4: the default file name is the entity, the label, "Ledger" and the date, plus .csv. */
export const ledgerFileName = (entity: string, label: string, date: Date) =>
  `${entity}, ${label}, Ledger ${date.toISOString().slice(0, 10)}.csv`;

/** A resource's name in the checkbox list: its first input, else its id. */
export const resourceName = (row: ReportRow, columns: readonly ReportColumn[]) =>
  (columns[0] && row.values[columns[0].key]?.trim()) || `#${row.resource_id}`;

/**
 * The ledger's CSV (spec 1 §5): the chosen inputs as columns, one line per chosen resource, values shown
 * as on screen; quoted where needed and formula-like cells neutralised by the domain's toCsv.
 */
export function ledgerCsv(
  columns: readonly ReportColumn[],
  rows: readonly ReportRow[],
  chosen: { inputs: ReadonlySet<string>; resources: ReadonlySet<number> },
): string {
  const picked = columns.filter((c) => chosen.inputs.has(c.key));
  const lines = rows
    .filter((row) => chosen.resources.has(row.resource_id))
    .map((row) =>
      picked.map((c) => {
        const raw = row.values[c.key] ?? '';
        return raw.trim() ? displayValue(c.type, raw) : '';
      }),
    );
  return toCsv([picked.map((c) => c.label), ...lines]);
}
