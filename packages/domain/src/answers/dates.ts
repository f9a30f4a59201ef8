import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);
dayjs.extend(advancedFormat);

export const DATE_MESSAGES = {
  required: 'Date required',
  full: 'Full date required',
  year: 'Full 4 digit year required.',
  valid: 'Valid date required',
  monthRequired: 'Month and Year required',
} as const;

/** The input formats spec 2 §5 accepts; dates are always shown MM/DD/YYYY. */
export const DATE_INPUT_FORMATS = [
  'MM-DD-YYYY',
  'MM/DD/YYYY',
  'MMM Do, YYYY',
  'D MMM YYYY',
  'MMM D, YYYY',
  'MMM. D, YYYY',
] as const;
export const DATE_DISPLAY_FORMAT = 'MM/DD/YYYY';
export const MONTH_DISPLAY_FORMAT = 'MM/YYYY';

export type ParsedDate = { ok: true; iso: string } | { ok: false; message: string };

const numeric = /^(\d{1,2})[/-](\d{1,2})(?:[/-](\d*))?$/;

/** Parses what a person typed into an ISO date (YYYY-MM-DD), or the spec's message for what is wrong. */
export function parseDateInput(input: string): ParsedDate {
  const value = input.trim().replace(/\s+/g, ' ');
  if (!value) return { ok: false, message: DATE_MESSAGES.required };
  const parts = numeric.exec(value);
  if (parts) {
    const [, month, day, year] = parts;
    if (year === undefined || year === '') return { ok: false, message: DATE_MESSAGES.full };
    if (year.length !== 4) return { ok: false, message: DATE_MESSAGES.year };
    const normalized = `${month.padStart(2, '0')}/${day.padStart(2, '0')}/${year}`;
    const parsed = dayjs(normalized, 'MM/DD/YYYY', true);
    return parsed.isValid()
      ? { ok: true, iso: parsed.format('YYYY-MM-DD') }
      : { ok: false, message: DATE_MESSAGES.valid };
  }
  // 'Jul. 25, 2025': dayjs's strict parser doesn't take the dot after a month, so read it without.
  const undotted = value.replace(/^([A-Za-z]{3})\.(?= )/, '$1');
  for (const format of DATE_INPUT_FORMATS) {
    const parsed = dayjs(
      format === 'MMM. D, YYYY' ? undotted : value,
      format.replace('MMM.', 'MMM'),
      'en',
      true,
    );
    if (parsed.isValid()) return { ok: true, iso: parsed.format('YYYY-MM-DD') };
  }
  if (/\b\d{1,3}$/.test(value) && /[A-Za-z]/.test(value)) return { ok: false, message: DATE_MESSAGES.year };
  return { ok: false, message: DATE_MESSAGES.valid };
}

export const formatDate = (iso: string) => dayjs(iso, 'YYYY-MM-DD', true).format(DATE_DISPLAY_FORMAT);

/** 'MM/YYYY' (or 'M/YYYY', 'MM-YYYY') to 'YYYY-MM'. */
export function parseMonthInput(input: string): ParsedDate {
  const match = /^\s*(\d{1,2})[/-](\d{4})\s*$/.exec(input);
  if (!match) return { ok: false, message: DATE_MESSAGES.monthRequired };
  const month = Number(match[1]);
  if (month < 1 || month > 12) return { ok: false, message: DATE_MESSAGES.valid };
  return { ok: true, iso: `${match[2]}-${String(month).padStart(2, '0')}` };
}

export const formatMonth = (isoMonth: string) => `${isoMonth.slice(5, 7)}/${isoMonth.slice(0, 4)}`;
