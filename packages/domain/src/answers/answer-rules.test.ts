import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHONE_INVALID } from '../rules/phone.ts';
import { FIELD_TYPES, type FieldType } from '../workflows/field-types.ts';
import { type AnswerRuleOptions, isAnswerEmpty, normalizeAnswer, validateAnswer } from './answer-rules.ts';
import { parseCurrency } from './money.ts';
import { encodeAddress } from './values.ts';

/** `stored`: what normalizeAnswer makes of the input; `message`: what validateAnswer says. */
type Case = { input: string; message: string | null; stored?: string; options?: AnswerRuleOptions };

const required = { required: true };
const choices = { options: ['A', 'B'] };
const long = 'x'.repeat(10_001);
const dover = { line_one: '1 Main St', city: 'Dover', state: 'DE', zip: '19901' };

const textCases: Case[] = [
  { input: '  Ada Lovelace ', stored: 'Ada Lovelace', message: null },
  { input: 'x'.repeat(10_000), message: null },
  { input: long, message: 'Value is too long' },
  { input: '   ', stored: '', message: null },
  { input: '', options: required, message: 'Field required' },
];
const idCases: Case[] = [
  { input: ' 42 ', stored: '42', message: null },
  { input: '', options: required, message: 'Field required' },
];
const choiceCases: Case[] = [
  { input: ' A ', stored: 'A', options: choices, message: null },
  { input: 'C', options: choices, message: 'Selection required' },
  { input: 'C', message: null },
  { input: '', options: { ...choices, required: true }, message: 'Selection required' },
];
const currencyCases: Case[] = [
  { input: '1000', stored: '$1,000.00', message: null },
  { input: '(1,000)', stored: '-$1,000.00', message: null },
  { input: '-$5.25', stored: '-$5.25', message: null },
  { input: '$9,999,999,999,999.99', message: null },
  { input: '10000000000000', stored: '10000000000000', message: 'Invalid value' },
  { input: '$abc', stored: '$abc', message: 'Currency required' },
  { input: '$', message: 'Currency required' },
  { input: '1.234', message: 'Currency required' },
  { input: '', options: required, message: 'Currency required' },
];

const CASES: Record<FieldType, Case[]> = {
  attorney: textCases,
  attorney_lane: textCases,
  comment: textCases,
  first_name: textCases,
  individual: textCases,
  last_name: textCases,
  name: textCases,
  person_name: textCases,
  string: textCases,
  text: textCases,
  custom_document: idCases,
  document: idCases,
  related_resource: idCases,
  template_document: idCases,
  radio: choiceCases,
  options: choiceCases,
  detailed_options: choiceCases,
  currency: currencyCases,
  float_currency: [
    { input: '0.00001', stored: '$0.00001', message: null },
    { input: '$0.00001', stored: '$0.00001', message: null },
    { input: '(2.5)', stored: '-$2.50', message: null },
    { input: '1000', stored: '$1,000.00', message: null },
    { input: '0.0000001', message: 'Currency required' },
    { input: '10000000000000', stored: '10000000000000', message: 'Currency required' },
    { input: '$abc', stored: '$abc', message: 'Currency required' },
    { input: '', options: required, message: 'Currency required' },
  ],
  date: [
    { input: 'Jan 5, 2025', stored: '01/05/2025', message: null },
    { input: '1-5-2025', stored: '01/05/2025', message: null },
    { input: 'jan 5th, 2025', stored: '01/05/2025', message: null },
    { input: 'Jul. 25, 2025', stored: '07/25/2025', message: null },
    { input: '25 JUL 2025', stored: '07/25/2025', message: null },
    { input: '2025-07-25', stored: '07/25/2025', message: null },
    { input: '07/25', stored: '07/25', message: 'Full date required' },
    { input: '07/25/25', message: 'Full 4 digit year required.' },
    { input: 'Jul 25, 25', message: 'Full 4 digit year required.' },
    { input: '02/30/2024', message: 'Valid date required' },
    { input: 'soon', message: 'Valid date required' },
    { input: '', options: required, message: 'Date required' },
  ],
  month: [
    { input: '1/2025', stored: '01/2025', message: null },
    { input: '2025-03', stored: '03/2025', message: null },
    { input: '2025', message: 'Month and Year required' },
    { input: '13/2025', message: 'Valid date required' },
    { input: '', options: required, message: 'Month and Year required' },
  ],
  salary: [
    { input: '85000 Per Year', stored: '$85,000.00 Per Year', message: null },
    { input: '$20.50 per  hour', stored: '$20.50 Per Hour', message: null },
    { input: '85000', stored: '85000', message: 'Salary required' },
    { input: '85000 per week', message: 'Salary required' },
    { input: 'lots Per Month', message: 'Salary required' },
    { input: '', options: required, message: 'Salary required' },
  ],
  percent: [
    { input: '12.5', stored: '12.5%', message: null },
    { input: '12.5 %', stored: '12.5%', message: null },
    { input: '-3%', stored: '-3%', message: null },
    { input: 'abc', message: 'Invalid value' },
    { input: '12.5%%', message: 'Invalid value' },
    { input: '', options: required, message: 'Field required' },
  ],
  integer: [
    { input: '1,000', stored: '1000', message: null },
    { input: '-3', stored: '-3', message: null },
    { input: '1.5', message: 'Invalid value' },
    { input: '1,00', stored: '1,00', message: 'Invalid value' },
    { input: 'ten', message: 'Invalid value' },
    { input: '', options: required, message: 'Field required' },
  ],
  number: [
    { input: '10,000,000', stored: '10000000', message: null },
    { input: '.25', stored: '0.25', message: null },
    { input: '1e5', message: 'Invalid value' },
  ],
  float: [
    { input: '-0.5', stored: '-0.5', message: null },
    { input: '+2.', stored: '2', message: null },
    { input: '1.2.3', message: 'Invalid value' },
  ],
  phone: [
    { input: '4155550132', stored: '+1 (415) 555-0132', message: null },
    { input: '1-415-555-0132', stored: '+1 (415) 555-0132', message: null },
    { input: '+1 415.555.0132', stored: '+1 (415) 555-0132', message: null },
    { input: '+14155550132', stored: '+1 (415) 555-0132', message: null },
    { input: '415555', stored: '+1 (415) 555', message: 'Full phone number required.' },
    // A real number whose line is 1234 (or that holds 12345) is a phone number like any other.
    { input: '+1 (202) 555-1234', stored: '+1 (202) 555-1234', message: null },
    { input: '2123456789', stored: '+1 (212) 345-6789', message: null },
    { input: '1234567890', message: PHONE_INVALID },
    { input: '0155550132', message: PHONE_INVALID },
    { input: '41555501329', stored: '41555501329', message: PHONE_INVALID },
    { input: '+44 20 7946 0958', stored: '+44 20 7946 0958', message: PHONE_INVALID },
    { input: 'call me', message: PHONE_INVALID },
    { input: '+1', stored: '', message: null },
    { input: '+1 ', options: required, message: 'Phone number required' },
  ],
  email: [
    { input: ' ada@example.com ', stored: 'ada@example.com', message: null },
    { input: 'ada@', message: 'Invalid email address' },
    { input: '', options: required, message: 'Email required' },
  ],
  social_security: [
    { input: '123-45-6789', stored: '123456789', message: null },
    { input: '12345678', message: 'Full social security required.' },
    { input: '1234567890', stored: '1234567890', message: 'Full social security required.' },
    { input: '*****6789', message: 'Full social security required.' },
    { input: '', options: required, message: 'Field required' },
  ],
  zip: [
    { input: '19901', message: null },
    { input: '199011234', stored: '19901-1234', message: null },
    { input: '1990', message: 'Full zip code required.' },
    { input: '19901-12', message: 'Full zip code required.' },
    { input: '199011', message: 'Full zip code required.' },
    { input: 'DE', message: 'Valid zip code required.' },
    { input: '1990a', message: 'Valid zip code required.' },
    { input: '', options: required, message: 'Zip required' },
  ],
  address: [
    { input: encodeAddress(dover), message: null },
    { input: JSON.stringify({ ...dover, city: '  ' }), message: 'City required' },
    { input: JSON.stringify({ ...dover, line_one: '' }), message: 'Line One required' },
    { input: JSON.stringify({ ...dover, zip: 'DE' }), message: 'Valid zip code required.' },
    { input: JSON.stringify({ ...dover, zip: '1990' }), message: 'Full zip code required.' },
    { input: JSON.stringify({ ...dover, zip: '' }), message: 'Zip required' },
    { input: JSON.stringify({ ...dover, zip: '', country: 'France' }), message: null },
    { input: '1 Main St, Dover', message: 'Full Address required' },
    { input: '{}', message: null },
    { input: JSON.stringify({ country: 'United States of America' }), message: null },
    { input: '{}', options: required, message: 'Full Address required' },
  ],
  address_universal: [
    { input: encodeAddress({ ...dover, country: 'United States of America' }), message: null },
    { input: encodeAddress(dover), message: 'Country required' },
    { input: encodeAddress({ ...dover, state: '' }), message: 'State required' },
    { input: '', options: required, message: 'Full Address required' },
  ],
  company_name: [
    { input: ' Initech, Inc. ', stored: 'Initech, Inc.', message: null },
    { input: 'Initech', message: 'Select a suffix' },
    { input: 'Initech', options: { alreadyFormed: true }, message: null },
    {
      input: 'Initech LLC',
      options: { entityType: 'corporation' },
      message: 'Please select a Company suffix of your Entity Type.',
    },
    {
      input: 'Initech Inc.',
      options: { entityType: 'llc' },
      message: 'Please select a Company suffix of your Entity Type.',
    },
    { input: 'Initech LLC', options: { entityType: 'llc' }, message: null },
    // Another party (a counterparty, a person, a foreign company) is named as it is.
    { input: 'Globex', options: { party: 'other' }, message: null },
    { input: 'Siemens AG', options: { party: 'other', entityType: 'corporation' }, message: null },
    { input: 'Jane Doe', options: { party: 'other' }, message: null },
    { input: 'TBD', options: { party: 'other' }, message: 'Please replace input with full legal name.' },
    { input: '', options: { ...required, party: 'other' }, message: 'Company must be named.' },
    { input: 'Company, Inc.', message: 'Please replace input with full legal name.' },
    { input: '', options: required, message: 'Company must be named.' },
  ],
  share_links: [
    { input: '[Site](example.com)', stored: '[Site](https://example.com)', message: null },
    { input: '[ Deck ](https://x.co)|[]()', stored: '[Deck](https://x.co)', message: null },
    { input: '[](https://x.co)', message: 'Label Required' },
    { input: '[Site]()', message: 'Url Required' },
    { input: 'example.com', message: 'Incomplete Link Input' },
    { input: '[]()', stored: '', message: null },
    { input: '', options: required, message: 'Link required' },
  ],
  boolean: [
    { input: 'true', message: null },
    { input: 'false', message: null },
    { input: 'Yes', stored: 'true', message: null },
    { input: 'maybe', message: 'Selection required' },
    { input: '', options: required, message: 'Selection required' },
  ],
  state: [
    { input: 'delaware', stored: 'Delaware', message: null },
    { input: ' de ', stored: 'DE', message: null },
    { input: 'Narnia', message: 'Selection required' },
    { input: 'DE', options: { options: ['Delaware'] }, message: 'Selection required' },
    { input: '', options: required, message: 'Selection required' },
  ],
  checkbox_group: [
    { input: '["A","B"]', options: choices, message: null },
    { input: '[" A ", "A", ""]', stored: '["A"]', options: choices, message: null },
    { input: '["A","Z"]', options: choices, message: 'Selection required' },
    { input: 'A', options: choices, message: 'Selection required' },
    { input: '[1]', stored: '[1]', message: 'Selection required' },
    { input: '[]', options: choices, message: null },
    { input: '[]', options: { ...choices, required: true }, message: 'Selection required' },
  ],
  // No value of its own: its entries are checked field by field.
  resource_list: [{ input: '', options: required, message: null }],
};

describe('validateAnswer and normalizeAnswer, by field type', () => {
  for (const type of FIELD_TYPES) {
    it(type, () => {
      for (const { input, message, stored, options } of CASES[type]) {
        const label = `${type} ${JSON.stringify(input.slice(0, 40))} ${JSON.stringify(options ?? {})}`;
        if (stored !== undefined) expect(normalizeAnswer(type, input), label).toBe(stored);
        expect(validateAnswer(type, input, options), label).toBe(message);
      }
    });
  }

  it('reads long input without slowing down', () => {
    expect(validateAnswer('date', `1${'1'.repeat(9_998)}`)).toBe('Valid date required');
    expect(validateAnswer('company_name', `a${' '.repeat(9_990)}b Inc.`)).toBeNull();
  });

  it('refuses any answer over 10,000 characters', () => {
    expect(validateAnswer('integer', '1'.repeat(10_001))).toBe('Value is too long');
    expect(validateAnswer('integer', '1'.repeat(10_000))).toBeNull();
  });
});

describe('isAnswerEmpty', () => {
  it('sees blanks, blank addresses and empty selections', () => {
    expect(isAnswerEmpty('text', ' \n ')).toBe(true);
    expect(isAnswerEmpty('text', '[]')).toBe(false);
    expect(isAnswerEmpty('checkbox_group', '[]')).toBe(true);
    expect(isAnswerEmpty('checkbox_group', '["A"]')).toBe(false);
    expect(isAnswerEmpty('address', encodeAddress({ line_one: ' ', city: '' }))).toBe(true);
    expect(isAnswerEmpty('address_universal', encodeAddress({ country: 'Canada' }))).toBe(true);
    expect(isAnswerEmpty('address', encodeAddress({ city: 'Dover' }))).toBe(false);
    expect(isAnswerEmpty('address', 'Dover')).toBe(false);
    expect(isAnswerEmpty('phone', '+1')).toBe(true);
    const padded = JSON.stringify({ line_one: '', notes: 'x'.repeat(10_000) });
    expect(isAnswerEmpty('address', padded)).toBe(false);
    expect(validateAnswer('address', padded)).toBe('Value is too long');
  });
});

// Inputs built from the pieces each format is made of, each type's own examples, and arbitrary strings.
const PIECES = [
  ...['0', '1', '2', '4', '5', '9', '12', '34', '2025', '-', '/', '.', ',', '$', '(', ')', ' ', '%', '+'],
  ...['Jan', 'jul', 'SEP', 'th', 'Per Year', 'per hour', '[', ']', '|', '\\', '"', '{', '}', ':', 'https://'],
  ...['true', 'No', 'DE', 'delaware', 'A', '"A"', 'Inc.', 'LLC', 'x.co', '\n', '\u00a0'],
];
const anyInput = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join('')),
  fc
    .record({ line_one: fc.string(), city: fc.string(), state: fc.string(), zip: fc.string() })
    .map((a) => JSON.stringify(a)),
  fc.array(fc.constantFrom('A', 'B', ' A', 'Z', ''), { maxLength: 4 }).map((items) => JSON.stringify(items)),
);
/** Inputs near a type's own examples: an example with pieces around it, or two run together. */
function inputFor(type: FieldType) {
  const own = fc.constantFrom(...CASES[type].map((c) => c.input));
  const piece = fc.oneof(
    { arbitrary: fc.constant(''), weight: 2 },
    fc.constantFrom(...PIECES, '1234', ',000', '.5', ' Per Month', '|[a](b)'),
  );
  return fc.oneof(
    anyInput,
    own,
    fc.tuple(piece, own, piece).map(([before, example, after]) => before + example + after),
    fc.tuple(own, own).map(([a, b]) => a + b),
  );
}
const typedInput = fc
  .constantFrom(...FIELD_TYPES)
  .chain((type) => fc.tuple(fc.constant(type), inputFor(type)));
const anyOptions = fc.record(
  {
    required: fc.boolean(),
    options: fc.constantFrom(['A', 'B'], ['Delaware', 'DE', 'true']),
    entityType: fc.constantFrom('corporation' as const, 'llc' as const, 'lp' as const),
    alreadyFormed: fc.boolean(),
  },
  { requiredKeys: [] },
);

describe('properties', () => {
  it('normalizeAnswer never throws and is idempotent for every type', () => {
    fc.assert(
      fc.property(typedInput, ([type, input]) => {
        const once = normalizeAnswer(type, input);
        expect(normalizeAnswer(type, once)).toBe(once);
      }),
      { numRuns: 5000 },
    );
  });

  it('whatever validateAnswer accepts stays accepted once normalized', () => {
    fc.assert(
      fc.property(typedInput, anyOptions, ([type, input], options) => {
        if (validateAnswer(type, input, options) !== null) return;
        expect(validateAnswer(type, normalizeAnswer(type, input), options)).toBeNull();
      }),
      { numRuns: 5000 },
    );
  });

  it('any real date written MM/DD/YYYY is already normalized and valid', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0100-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const [year, month, day] = date.toISOString().slice(0, 10).split('-');
          const shown = `${month}/${day}/${year}`;
          expect(normalizeAnswer('date', shown)).toBe(shown);
          expect(validateAnswer('date', shown, { required: true })).toBeNull();
          expect(normalizeAnswer('date', `${Number(month)}-${Number(day)}-${year}`)).toBe(shown);
        },
      ),
    );
  });

  it('currency: however an amount is typed, the stored value reads back to it', () => {
    const typings = (amount: number) => {
      const plain = Math.abs(amount).toFixed(2);
      const grouped = Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
      return amount < 0
        ? [`-${plain}`, `($${grouped})`, `-$${grouped}`]
        : [plain, `$${grouped}`, ` ${plain} `];
    };
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }), (cents) => {
        const amount = cents / 100;
        for (const typed of typings(amount)) {
          const stored = normalizeAnswer('currency', typed);
          expect(parseCurrency(stored), typed).toBe(amount === 0 ? 0 : amount);
          expect(validateAnswer('currency', stored)).toBeNull();
        }
      }),
    );
  });

  it('currency: an accepted answer keeps its amount when normalized', () => {
    fc.assert(
      fc.property(inputFor('currency'), (input) => {
        if (validateAnswer('currency', input) !== null || isAnswerEmpty('currency', input)) return;
        expect(parseCurrency(normalizeAnswer('currency', input))).toBe(parseCurrency(input));
      }),
      { numRuns: 3000 },
    );
  });
});
