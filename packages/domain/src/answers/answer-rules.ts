import { ADDRESS_MESSAGES, checkZip, DEFAULT_COUNTRY, US_STATES, validateAddress } from '../rules/address.ts';
import { COMPANY_NAME_REQUIRED, type EntityType, validateCompanyName } from '../rules/company-name.ts';
import { EMAIL_REQUIRED, validateEmail } from '../rules/email.ts';
import {
  formatPhoneInput,
  PHONE_FORMATTED_LENGTH,
  PHONE_INCOMPLETE,
  PHONE_INVALID,
  PHONE_NATIONAL_DIGITS,
  validatePhone,
} from '../rules/phone.ts';
import type { FieldType } from '../workflows/field-types.ts';
import { validateLegalName } from './company-names.ts';
import { DATE_MESSAGES, formatDate, formatMonth, parseDateInput, parseMonthInput } from './dates.ts';
import { CURRENCY_REQUIRED, formatCurrency, formatPercent, parseCurrency, SALARY_REQUIRED } from './money.ts';
import {
  decodeShareLinks,
  encodeShareLinks,
  SHARE_LINK_MESSAGES,
  validateShareLinks,
} from './share-links.ts';
import { SSN_INCOMPLETE, SSN_LENGTH } from './ssn.ts';
import { decodeAddress, encodeAddress, encodeList } from './values.ts';

export const FIELD_REQUIRED = 'Field required';
export const SELECTION_REQUIRED = 'Selection required';
export const PHONE_REQUIRED = 'Phone number required';
export const INVALID_VALUE = 'Invalid value';
export const VALUE_TOO_LONG = 'Value is too long';
/** Longer answers are refused whatever their type; nothing longer is parsed. */
export const MAX_ANSWER_LENGTH = 10_000;
/** Amounts from here up would lose cents as JavaScript numbers (15 significant digits are exact). */
export const MAX_CURRENCY_AMOUNT = 10_000_000_000_000;

export type AnswerRuleOptions = {
  required?: boolean;
  /** The allowed choices of radio, options, detailed_options, state and checkbox_group fields. */
  options?: readonly string[];
  entityType?: EntityType;
  alreadyFormed?: boolean;
  /**
   * company_name: whose name it is. Our own entity needs the suffix of its type (spec 2 §5); another
   * party (an NDA's counterparty, a person, a foreign company) is named as it is, without a US suffix.
   */
  party?: CompanyParty;
};

export type CompanyParty = 'ours' | 'other';

const REQUIRED_MESSAGES: Partial<Record<FieldType, string>> = {
  date: DATE_MESSAGES.required,
  month: DATE_MESSAGES.monthRequired,
  currency: CURRENCY_REQUIRED,
  float_currency: CURRENCY_REQUIRED,
  salary: SALARY_REQUIRED,
  boolean: SELECTION_REQUIRED,
  radio: SELECTION_REQUIRED,
  options: SELECTION_REQUIRED,
  detailed_options: SELECTION_REQUIRED,
  state: SELECTION_REQUIRED,
  checkbox_group: SELECTION_REQUIRED,
  email: EMAIL_REQUIRED,
  phone: PHONE_REQUIRED,
  address: ADDRESS_MESSAGES._form,
  address_universal: ADDRESS_MESSAGES._form,
  company_name: COMPANY_NAME_REQUIRED,
  share_links: SHARE_LINK_MESSAGES.required,
  zip: ADDRESS_MESSAGES.zip,
};

/**
 * What a person typed, in the stored form of values.ts, when it can be understood; otherwise the input
 * trimmed, for validateAnswer to report. Idempotent, and never drops part of what was typed (a phone
 * number with eleven digits is left alone rather than cut to ten).
 */
export function normalizeAnswer(type: FieldType, input: string): string {
  const text = input.trim();
  if (!text || text.length > MAX_ANSWER_LENGTH) return text;
  return readAnswer(type, text) ?? text;
}

/** True when the answer holds nothing: blank, an address without any part, an empty selection. */
export function isAnswerEmpty(type: FieldType, value: string): boolean {
  const stored = normalizeAnswer(type, value);
  if (!stored) return true;
  if (stored.length > MAX_ANSWER_LENGTH) return false;
  if (type === 'checkbox_group') return stored === '[]';
  if (type !== 'address' && type !== 'address_universal') return false;
  if (!readJsonObject(stored)) return false;
  // The country alone is not an answer: the form fills in the default.
  const address = decodeAddress(stored);
  return ADDRESS_LINES.every((key) => !address[key]);
}

/**
 * The spec's message (spec 2 §5) for an answer, or null when it is acceptable. The value is checked as
 * normalizeAnswer would store it, so whatever is accepted stays accepted once normalized.
 */
export function validateAnswer(
  type: FieldType,
  value: string,
  options: AnswerRuleOptions = {},
): string | null {
  // A resource list has no value of its own; its entries are checked field by field.
  if (type === 'resource_list') return null;
  const stored = normalizeAnswer(type, value);
  if (isAnswerEmpty(type, stored))
    return options.required ? (REQUIRED_MESSAGES[type] ?? FIELD_REQUIRED) : null;
  if (stored.length > MAX_ANSWER_LENGTH) return VALUE_TOO_LONG;
  return checkStored(type, stored, options);
}

/** The stored form of a trimmed, non-empty input, or null when it isn't understood. */
function readAnswer(type: FieldType, text: string): string | null {
  switch (type) {
    case 'date':
      return readDate(text);
    case 'month':
      return readMonth(text);
    case 'currency': {
      const amount = readAmount(text);
      return amount === null ? null : formatCurrency(amount);
    }
    case 'float_currency':
      return readFloatCurrency(text);
    case 'salary':
      return readSalary(text);
    case 'percent': {
      const number = readDecimal(text.endsWith('%') ? text.slice(0, -1).trimEnd() : text);
      return number === null ? null : formatPercent(number);
    }
    case 'integer': {
      const number = readDecimal(text);
      return number?.includes('.') ? null : number;
    }
    case 'number':
    case 'float':
      return readDecimal(text);
    case 'phone':
      return readPhone(text);
    case 'social_security':
      return /^[\d\s-]+$/.test(text) && digitsOf(text).length <= SSN_LENGTH ? digitsOf(text) : null;
    case 'zip': {
      const zip = /^(\d{5})(?:\s*(?:-\s*)?(\d{4}))?$/.exec(text);
      return zip && (zip[2] ? `${zip[1]}-${zip[2]}` : zip[1]);
    }
    case 'address':
    case 'address_universal':
      return readJsonObject(text) ? encodeAddress(decodeAddress(text)) : null;
    case 'share_links':
      return readShareLinks(text);
    case 'boolean':
      return BOOLEAN_WORDS.get(text.toLowerCase()) ?? null;
    case 'state':
      return STATE_LOOKUP.get(text.toLowerCase()) ?? null;
    case 'checkbox_group': {
      const items = readStringArray(text);
      return items && encodeList([...new Set(items.map((item) => item.trim()).filter(Boolean))]);
    }
    // Free text, choices and ids are stored as typed, trimmed.
    case 'attorney':
    case 'attorney_lane':
    case 'comment':
    case 'company_name':
    case 'custom_document':
    case 'detailed_options':
    case 'document':
    case 'email':
    case 'first_name':
    case 'individual':
    case 'last_name':
    case 'name':
    case 'options':
    case 'person_name':
    case 'radio':
    case 'related_resource':
    case 'resource_list':
    case 'string':
    case 'template_document':
    case 'text':
      return text;
    default:
      return unknownType(type);
  }
}

/** The message for a stored, non-empty value of at most MAX_ANSWER_LENGTH characters. */
function checkStored(type: FieldType, stored: string, options: AnswerRuleOptions): string | null {
  switch (type) {
    case 'date': {
      if (stored.length > MAX_DATE_LENGTH) return DATE_MESSAGES.valid;
      const parsed = parseDateInput(stored);
      return parsed.ok ? null : parsed.message;
    }
    case 'month': {
      const parsed = parseMonthInput(stored);
      return parsed.ok ? null : parsed.message;
    }
    case 'currency':
      if (parseCurrency(stored) === null) return CURRENCY_REQUIRED;
      return readAmount(stored) === null ? INVALID_VALUE : null;
    case 'float_currency':
      return readFloatCurrency(stored) === null ? CURRENCY_REQUIRED : null;
    case 'salary':
      return readSalary(stored) === stored ? null : SALARY_REQUIRED;
    case 'percent':
    case 'integer':
    case 'number':
    case 'float':
      return readAnswer(type, stored) === stored ? null : INVALID_VALUE;
    case 'phone':
      return checkPhone(stored);
    case 'email':
      return validateEmail(stored);
    case 'social_security':
      return /^\d+$/.test(stored) && stored.length === SSN_LENGTH ? null : SSN_INCOMPLETE;
    case 'zip':
      return checkZip(stored);
    case 'address':
    case 'address_universal':
      return checkAddress(stored, type === 'address_universal');
    case 'company_name': {
      // Runs of spaces change neither check, and the suffix patterns take quadratic time over them.
      const name = stored.replace(/\s+/g, ' ');
      if (options.party === 'other') return validateLegalName(name);
      return (
        validateLegalName(name) ??
        validateCompanyName(name, { entityType: options.entityType, alreadyFormed: options.alreadyFormed })
      );
    }
    case 'share_links':
      return SHARE_LINKS.test(stored)
        ? validateShareLinks(decodeShareLinks(stored))
        : SHARE_LINK_MESSAGES.incomplete;
    case 'boolean':
      return stored === 'true' || stored === 'false' ? null : SELECTION_REQUIRED;
    case 'state':
      if (!STATE_LOOKUP.has(stored.toLowerCase())) return SELECTION_REQUIRED;
      return isOneOf(stored, options.options) ? null : SELECTION_REQUIRED;
    case 'radio':
    case 'options':
    case 'detailed_options':
      return isOneOf(stored, options.options) ? null : SELECTION_REQUIRED;
    case 'checkbox_group': {
      const items = readStringArray(stored);
      return items?.every((item) => isOneOf(item, options.options)) ? null : SELECTION_REQUIRED;
    }
    // Any text will do; an id names a record the caller looks up.
    case 'attorney':
    case 'attorney_lane':
    case 'comment':
    case 'custom_document':
    case 'document':
    case 'first_name':
    case 'individual':
    case 'last_name':
    case 'name':
    case 'person_name':
    case 'related_resource':
    case 'resource_list':
    case 'string':
    case 'template_document':
    case 'text':
      return null;
    default:
      return unknownType(type);
  }
}

// A new field type fails to compile here until it is given a rule.
function unknownType(_type: never): null {
  return null;
}

const isOneOf = (value: string, options: readonly string[] | undefined) =>
  !options || options.includes(value);

const digitsOf = (text: string) => text.replace(/\D/g, '');

// 'September 30th, 2025' is 20 characters; the date parser is slow on long input.
const MAX_DATE_LENGTH = 40;

function readDate(text: string): string | null {
  if (text.length > MAX_DATE_LENGTH) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  // The month names are read in any case: 'jan 5, 2025', 'JAN 5, 2025'.
  const candidate = iso
    ? `${iso[2]}/${iso[3]}/${iso[1]}`
    : text.replace(/[A-Za-z]{3,}/g, (word) => word[0].toUpperCase() + word.slice(1).toLowerCase());
  const parsed = parseDateInput(candidate);
  return parsed.ok ? formatDate(parsed.iso) : null;
}

function readMonth(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})$/.exec(text);
  const parsed = parseMonthInput(iso ? `${iso[2]}/${iso[1]}` : text);
  return parsed.ok ? formatMonth(parsed.iso) : null;
}

function readAmount(text: string): number | null {
  const amount = parseCurrency(text);
  if (amount === null || !(Math.abs(amount) < MAX_CURRENCY_AMOUNT)) return null;
  return amount === 0 ? 0 : amount;
}

const FLOAT_CURRENCY_DECIMALS = 6;
const floatUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: FLOAT_CURRENCY_DECIMALS,
});

/** float_currency keeps sub-cent amounts (a par value of $0.00001): '0.00001' -> '$0.00001'. */
function readFloatCurrency(text: string): string | null {
  const negative = /^\(.*\)$/.test(text) || /^\$?-/.test(text);
  const digits = text.replace(/[()$,\s-]/g, '');
  if (!/^(\d+(\.\d{0,6})?|\.\d{1,6})$/.test(digits)) return null;
  const amount = Number(digits);
  if (!(amount < MAX_CURRENCY_AMOUNT)) return null;
  return floatUsd.format(negative && amount !== 0 ? -amount : amount);
}

function readSalary(text: string): string | null {
  const period = /per\s+(year|month|hour)$/i.exec(text);
  const amount = period && readAmount(text.slice(0, period.index).trim());
  if (!period || amount === null) return null;
  return `${formatCurrency(amount)} Per ${period[1][0].toUpperCase()}${period[1].slice(1).toLowerCase()}`;
}

/** '1,000', '+5', '.5', '5.' -> '1000', '5', '0.5', '5'. Thousands separators only where they belong. */
function readDecimal(text: string): string | null {
  const plain = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replaceAll(',', '') : text;
  const parts = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(plain);
  if (!parts || (!parts[2] && !parts[3])) return null;
  const number = `${parts[1] === '-' ? '-' : ''}${parts[2] || '0'}`;
  return parts[3] ? `${number}.${parts[3]}` : number;
}

/**
 * US numbers only, as formatPhoneInput shows them; another country code, letters or more than ten
 * national digits are left as typed. A leading 1 counts as the country code ('1-415-555-0132').
 */
function readPhone(text: string): string | null {
  const match = /^(\+\s*1)?([\d\s().-]*)$/.exec(text);
  if (!match) return null;
  const digits = digitsOf(match[2]);
  const national =
    !match[1] && digits.length > PHONE_NATIONAL_DIGITS && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length <= PHONE_NATIONAL_DIGITS ? formatPhoneInput(national) : null;
}

function checkPhone(stored: string): string | null {
  if (readPhone(stored) !== stored) return PHONE_INVALID;
  if (stored.length < PHONE_FORMATTED_LENGTH) return PHONE_INCOMPLETE;
  // The spec's "values containing 1234 are invalid" is not applied: it refuses real numbers
  // ('+1 (202) 555-1234', any line 1234, any number with 12345 in it), while the numbering plan check
  // already refuses the made-up ones ('(123) 456-7890', a 0 or 1 opening the area code or exchange).
  return validatePhone(stored);
}

const ADDRESS_LINES = ['line_one', 'line_two', 'city', 'state', 'zip'] as const;
const ADDRESS_ORDER = ['_form', 'line_one', 'city', 'state', 'zip', 'country'] as const;
const US_COUNTRY_NAMES = new Set([DEFAULT_COUNTRY, 'United States', 'USA', 'US'].map((c) => c.toLowerCase()));

/** validateAddress's first message; the zip is required and checked only for US addresses. */
function checkAddress(stored: string, universal: boolean): string | null {
  if (!readJsonObject(stored)) return ADDRESS_MESSAGES._form;
  const address = decodeAddress(stored);
  const errors = validateAddress(address, { universal });
  const inUs = !address.country.trim() || US_COUNTRY_NAMES.has(address.country.trim().toLowerCase());
  if (!inUs) delete errors.zip;
  else errors.zip ??= checkZip(address.zip) ?? undefined;
  return ADDRESS_ORDER.map((key) => errors[key]).find(Boolean) ?? null;
}

// '[label](url)|[label](url)' as a whole, with the escapes of encodeShareLinks.
const SHARE_LINK = String.raw`\[(?:\\.|[^\\\]])*\]\((?:\\.|[^\\)])*\)`;
const SHARE_LINKS = new RegExp(`^${SHARE_LINK}(?:\\|${SHARE_LINK})*$`);

/** Re-encoded with trimmed labels, https:// added and wholly blank links dropped. */
function readShareLinks(text: string): string | null {
  if (!SHARE_LINKS.test(text)) return null;
  const links = decodeShareLinks(text)
    .map((link) => ({ label: link.label.trim(), url: link.url }))
    .filter((link) => link.label || link.url.trim());
  return encodeShareLinks(links);
}

const BOOLEAN_WORDS = new Map([
  ['true', 'true'],
  ['yes', 'true'],
  ['false', 'false'],
  ['no', 'false'],
]);

/** 'delaware' -> 'Delaware', 'de' -> 'DE'. */
const STATE_LOOKUP = new Map(
  US_STATES.flatMap(({ name, code }) => [
    [name.toLowerCase(), name],
    [code.toLowerCase(), code],
  ]),
);

function readJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function readStringArray(text: string): string[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
  } catch {
    return null;
  }
}
