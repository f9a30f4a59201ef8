/**
 * CSV cells for the history export, until packages/domain/src/reports/csv.ts (papaparse) lands: a cell a
 * spreadsheet would run as a formula (= + - @, tab, carriage return first) gets a leading apostrophe,
 * and a cell with a comma, quote or line break is quoted with its quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
