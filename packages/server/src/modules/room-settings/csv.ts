import { toCsv } from '@charter/domain/reports/csv';

/** One line of the history export, quoted and formula-neutralised like every CSV of Charter (papaparse). */
export const csvRow = (cells: (string | number | null)[]) => `${toCsv([cells])}\r\n`;
