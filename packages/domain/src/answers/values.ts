import type { Address } from '../rules/address.ts';

/**
 * How each answer is stored (a flat feature's `value` is always a string), so the client, the server's
 * re-validation and the document renderer read the same thing:
 *
 *   text-like (string, text, name, first_name, last_name, person_name, individual, comment,
 *     attorney, attorney_lane, company_name)      the text, trimmed
 *   email                                         trimmed
 *   phone                                         formatted as typed by formatPhoneInput: '+1 (555) 555-5555'
 *   date                                          MM/DD/YYYY        month: MM/YYYY
 *   currency, float_currency                      '$1,234.50', negatives '-$1,234.50'
 *   salary                                        '$85,000.00 Per Year' (Per Year | Per Month | Per Hour)
 *   percent                                       '12.5%'
 *   integer, number, float                        the digits: '10000000', '-3', '0.25'
 *   boolean                                       'true' | 'false'
 *   radio, options, detailed_options, state       the chosen option
 *   checkbox_group                                JSON array of the chosen options
 *   address, address_universal                    JSON of Address (line_one … country)
 *   zip                                           '12345' or '12345-6789'
 *   social_security                               nine digits, unmasked (masked only on screen)
 *   share_links                                   '[label](url)|…' (encodeShareLinks)
 *   related_resource                              the resource id
 *   document, template_document, custom_document  the file id
 *   resource_list                                 no value: the transaction's resources for the question
 */
export type AnswerValue = string;

export const SALARY_PERIODS = ['Per Year', 'Per Month', 'Per Hour'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

const ADDRESS_KEYS = ['line_one', 'line_two', 'city', 'state', 'zip', 'country'] as const;

export function encodeAddress(address: Address): string {
  const clean: Record<string, string> = {};
  for (const key of ADDRESS_KEYS) clean[key] = (address[key] ?? '').trim();
  return JSON.stringify(clean);
}

/** An empty address for anything that is not a stored address. */
export function decodeAddress(stored: string | null | undefined): Record<keyof Address, string> {
  let parsed: Record<string, unknown> = {};
  try {
    const value = JSON.parse(stored ?? '');
    if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value;
  } catch {
    // not an address: treated as empty
  }
  const address = {} as Record<(typeof ADDRESS_KEYS)[number], string>;
  for (const key of ADDRESS_KEYS)
    address[key] = typeof parsed[key] === 'string' ? (parsed[key] as string) : '';
  return address;
}

/** '1 Main St, Suite 2, Dover, DE 19901' (the country only when it isn't the default). */
export function formatAddress(stored: string): string {
  const a = decodeAddress(stored);
  const stateZip = [a.state, a.zip].filter(Boolean).join(' ');
  const parts = [a.line_one, a.line_two, a.city, stateZip];
  if (a.country && a.country !== 'United States of America') parts.push(a.country);
  return parts.filter(Boolean).join(', ');
}

export function decodeList(stored: string | null | undefined): string[] {
  try {
    const value = JSON.parse(stored ?? '');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export const encodeList = (items: readonly string[]) => JSON.stringify([...items]);
