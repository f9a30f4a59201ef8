/** Ledger CSV (spec 1 §5): values with quotes, commas or line breaks are quoted, quotes doubled. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const toCsv = (rows: readonly (readonly unknown[])[]) =>
  rows.map((row) => row.map(csvCell).join(',')).join('\n');
