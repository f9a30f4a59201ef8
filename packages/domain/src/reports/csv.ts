import Papa from 'papaparse';

/** What a spreadsheet reads as the start of a formula (OWASP's list: tab and return are read alike). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A sign followed only by digits and the punctuation of numbers, amounts, dates and phone numbers
 * ('-5', '-$1,234.50', '+1 (202) 555-1234'): no function, reference or operator but minus to run.
 */
const SIGNED_NUMBER = /^[+-][\d\s().,/$%-]*$/;

/**
 * A cell as written to a CSV file. Text a spreadsheet would run as a formula (CSV injection:
 * '=HYPERLINK(…)', '@SUM(…)', '+cmd|…', '-2+3') gets a leading apostrophe so it stays text; a number or
 * phone that merely starts with a sign is written as it is, so exports keep their values.
 */
export const neutraliseCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
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
