import type { FieldType } from '../workflows/field-types.ts';
import { type AddressParts, parseAddress } from './addresses.ts';
import { normalizeAnswer } from './answer-rules.ts';
import { parseDateInput, parseMonthInput } from './dates.ts';
import { documentAnswerId } from './document-upload.ts';
import { parseCurrency } from './money.ts';
import { maskSsn } from './ssn.ts';
import { decodeList } from './values.ts';

/**
 * An answer as a program reads it (GET /api/account/transaction/{id}/parse/{path}): dates as ISO, money
 * in cents, percents and numbers as numbers, a phone in E.164, an SSN masked to its last four digits,
 * an address in its parts, a file or resource by its id. Null when the answer is empty or cannot be read.
 */
export type ParsedAnswer =
  | string
  | number
  | boolean
  | null
  | string[]
  | AddressParts
  | { amount_cents: number; period: string };

const toCents = (amount: number) => Math.round(amount * 100);

function readNumber(text: string): number | null {
  const plain = text.replace(/[,%\s]/g, '');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(plain)) return null;
  const number = Number(plain);
  return Number.isFinite(number) ? number : null;
}

/** Reads one stored answer (values.ts) of a field type; what was typed is normalized first, as on save. */
export function parseAnswer(type: FieldType, raw: string): ParsedAnswer {
  const stored = normalizeAnswer(type, raw ?? '');
  if (!stored) return null;
  switch (type) {
    case 'date': {
      const parsed = parseDateInput(stored);
      return parsed.ok ? parsed.iso : null;
    }
    case 'month': {
      const parsed = parseMonthInput(stored);
      return parsed.ok ? parsed.iso : null;
    }
    case 'currency':
    case 'float_currency': {
      const amount = parseCurrency(stored.replace(/\.(\d{2})\d+$/, '.$1'));
      return amount === null ? null : toCents(amount);
    }
    case 'salary': {
      const match = /^(.*)\s+(Per (?:Year|Month|Hour))$/.exec(stored);
      const amount = match && parseCurrency(match[1]);
      return match && amount !== null ? { amount_cents: toCents(amount), period: match[2] } : null;
    }
    case 'percent':
    case 'integer':
    case 'number':
    case 'float':
      return readNumber(stored);
    case 'phone': {
      // Stored as '+1 (415) 555-0132': US numbers only (values.ts).
      const digits = stored.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
      return digits.length === 10 ? `+1${digits}` : null;
    }
    case 'social_security':
      return /^\d{9}$/.test(stored) ? maskSsn(stored) : null;
    case 'address':
    case 'address_universal': {
      const address = parseAddress(raw);
      return Object.values(address).some(Boolean) ? address : null;
    }
    case 'boolean':
      return stored === 'true' ? true : stored === 'false' ? false : null;
    case 'checkbox_group':
      return decodeList(stored);
    case 'document':
    case 'template_document':
    case 'custom_document':
    case 'related_resource':
      return documentAnswerId(stored);
    default:
      return stored;
  }
}
