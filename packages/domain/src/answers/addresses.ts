import type { Address } from '../rules/address.ts';
import { decodeAddress } from './values.ts';

export type AddressParts = Required<{ [K in keyof Address]: string }>;

/**
 * An address from its stored JSON, or from multi-line text (spec 3 §5): line one, an optional line two,
 * then 'City, ST 12345' and an optional country line. The report tables, the parse call and the address
 * field (when an address is pasted) read addresses with this one function.
 */
export function parseAddress(value: string): AddressParts {
  const stored = decodeAddress(value);
  if (Object.values(stored).some(Boolean)) return stored;
  const lines = value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const address = { line_one: '', line_two: '', city: '', state: '', zip: '', country: '' };
  const cityAt = lines.findIndex((line) => /^[^,]+,\s*[A-Za-z .]+\s+\d{5}(-\d{4})?$/.test(line));
  if (cityAt < 0) {
    address.line_one = lines.join(', ');
    return address;
  }
  const [city, rest] = lines[cityAt].split(/,\s*/, 2);
  const zip = /\d{5}(-\d{4})?$/.exec(rest)?.[0] ?? '';
  address.city = city;
  address.state = rest.slice(0, rest.length - zip.length).trim();
  address.zip = zip;
  address.line_one = lines[0] && cityAt > 0 ? lines[0] : '';
  address.line_two = cityAt > 1 ? lines.slice(1, cityAt).join(', ') : '';
  address.country = lines.slice(cityAt + 1).join(', ');
  return address;
}

/** Whether pasted text looks like a whole address over several lines (one the field should split). */
export const isMultiLineAddress = (text: string) => text.includes('\n') && parseAddress(text).city !== '';
