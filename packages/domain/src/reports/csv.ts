import Papa from 'papaparse';

/** A cell a spreadsheet would read as a formula (=, +, -, @, and tab/return which some treat alike). */
const FORMULA = /^[=+\-@\t\r]/;

/** A cell as written to a CSV file: a formula-like text gets a leading apostrophe so it stays text. */
export const neutraliseCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA.test(text) ? `'${text}` : text;
};

/**
 * Rows (the first usually the header) as CSV text: quoted where needed by papaparse (quotes, commas, line
 * breaks), formula-like cells neutralised (CSV injection), lines ended with CRLF as RFC 4180 says.
 */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return Papa.unparse(
    rows.map((row) => row.map(neutraliseCell)),
    { quotes: false, newline: '\r\n', escapeFormulae: false },
  );
}

/** Parses CSV text back into rows (tests, imports). */
export const parseCsv = (text: string): string[][] => Papa.parse<string[]>(text, { newline: '\r\n' }).data;
