import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { parseAddress } from '../answers/addresses.ts';
import { DATE_DISPLAY_FORMAT, DATE_INPUT_FORMATS } from '../answers/dates.ts';
import { formatCurrency, groupThousands, parseCurrency } from '../answers/money.ts';

export { parseAddress };

dayjs.extend(customParseFormat);
dayjs.extend(advancedFormat);

export const EMPTY_VALUE = '--';

/** A date in any of the spec's input formats (spec 3 §5), or an ISO date, as MM/DD/YYYY; null if none fits. */
export function displayDate(value: string): string | null {
  const text = value.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  const undotted = text.replace(/^([A-Za-z]{3})\.(?= )/, '$1');
  for (const format of [...DATE_INPUT_FORMATS, 'M/D/YYYY', 'M-D-YYYY', 'YYYY-MM-DD']) {
    const input = format === 'MMM. D, YYYY' ? undotted : text;
    const parsed = dayjs(input, format.replace('MMM.', 'MMM'), 'en', true);
    if (parsed.isValid()) return parsed.format(DATE_DISPLAY_FORMAT);
  }
  const iso = /^\d{4}-\d{2}-\d{2}T/.test(text) ? dayjs(text) : null;
  return iso?.isValid() ? iso.format(DATE_DISPLAY_FORMAT) : null;
}

function displayAddress(value: string): string {
  const a = parseAddress(value);
  const stateZip = [a.state, a.zip].filter(Boolean).join(' ');
  const parts = [a.line_one, a.line_two, a.city, stateZip];
  if (a.country && a.country !== 'United States of America') parts.push(a.country);
  return parts.filter(Boolean).join(', ');
}

function displayPercent(value: string): string {
  const text = value.trim();
  if (text.endsWith('%')) return text;
  const number = Number(text.replace(/,/g, ''));
  return Number.isFinite(number) ? `${number.toLocaleString('en-US', { maximumFractionDigits: 4 })}%` : text;
}

/** An amount as the app writes money ('4000000' → '$4,000,000.00'); sub-cent amounts stay as stored. */
function displayAmount(value: string): string {
  const amount = parseCurrency(value);
  return amount === null ? value : formatCurrency(amount);
}

/**
 * How a report cell shows a stored value (spec 3 §5): empty '--', pipes as commas, percent as percent,
 * booleans Yes/No, a 9-digit social security number by its last 4, dates MM/DD/YYYY, addresses on one line,
 * numbers with thousands separators and amounts in dollars (negatives with a minus). Tables show every
 * digit: the K and M suffixes of spec 1 are for dashboard totals, not for rows someone reconciles.
 */
export function displayValue(type: string, value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!text) return EMPTY_VALUE;
  switch (type) {
    case 'boolean':
      return ['true', '1', 'yes'].includes(text.toLowerCase()) ? 'Yes' : 'No';
    case 'percent':
      return displayPercent(text);
    case 'integer':
    case 'number':
    case 'float':
      return groupThousands(text) ?? text;
    case 'currency':
    case 'float_currency':
      return displayAmount(text);
    case 'social_security': {
      const digits = text.replace(/\D/g, '');
      return digits.length === 9 ? digits.slice(-4) : text;
    }
    case 'date':
      return displayDate(text) ?? text;
    case 'address':
    case 'address_universal':
      return displayAddress(text) || EMPTY_VALUE;
    case 'checkbox_group':
      if (text.startsWith('[')) {
        try {
          const items = JSON.parse(text);
          if (Array.isArray(items)) return items.join(', ') || EMPTY_VALUE;
        } catch {
          // not a list: shown as typed
        }
      }
      break;
  }
  return text.includes('|')
    ? text
        .split('|')
        .map((part) => part.trim())
        .filter(Boolean)
        .join(', ')
    : text;
}

/** A cell's sort key: dates by time, numbers by value, the rest by text. */
export function sortKey(type: string, value: string | null | undefined): number | string {
  const text = (value ?? '').trim();
  if (type === 'date') {
    const shown = displayDate(text);
    return shown ? dayjs(shown, DATE_DISPLAY_FORMAT, true).valueOf() : Number.NEGATIVE_INFINITY;
  }
  const number = Number(text.replace(/[$,%\s]/g, ''));
  if (text && Number.isFinite(number)) return number;
  return displayValue(type, text).toLowerCase();
}
