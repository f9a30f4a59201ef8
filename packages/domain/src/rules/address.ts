export type Address = {
  line_one?: string | null;
  line_two?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
};

export const DEFAULT_COUNTRY = 'United States of America';

export const ADDRESS_MESSAGES = {
  _form: 'Full Address required',
  line_one: 'Line One required',
  city: 'City required',
  state: 'State required',
  zip: 'Zip required',
  country: 'Country required',
} as const;

/** A zip with some digits missing ('1990', '19901-12'), worded as the spec's other partial inputs are. */
export const ZIP_INCOMPLETE = 'Full zip code required.';
/** A zip that is not five digits, or five plus four: letters, six digits. */
export const ZIP_INVALID = 'Valid zip code required.';

/**
 * A US zip's message, or null when it is '12345' or '12345-6789' (or blank: whether it is required is the
 * caller's rule). Digits short of either form are incomplete; anything else is invalid.
 */
export function checkZip(zip: string | null | undefined): string | null {
  const value = zip?.trim() ?? '';
  if (!value || /^\d{5}(-\d{4})?$/.test(value)) return null;
  return /^\d{1,4}$/.test(value) || /^\d{5}[\s-]?\d{0,3}$/.test(value) ? ZIP_INCOMPLETE : ZIP_INVALID;
}

export type AddressErrors = Partial<Record<keyof typeof ADDRESS_MESSAGES, string>>;

const blank = (value: string | null | undefined) => !value?.trim();

/** Empty object when valid. A wholly empty address is one form-level error, not four. */
export function validateAddress(address: Address, options: { universal?: boolean } = {}): AddressErrors {
  const required = ['line_one', 'city', 'state', 'zip'] as const;
  if (required.every((key) => blank(address[key]))) return { _form: ADDRESS_MESSAGES._form };
  const errors: AddressErrors = {};
  for (const key of required) if (blank(address[key])) errors[key] = ADDRESS_MESSAGES[key];
  if (options.universal && blank(address.country)) errors.country = ADDRESS_MESSAGES.country;
  return errors;
}

export const US_STATES: readonly { name: string; code: string }[] = [
  ['Alabama', 'AL'],
  ['Alaska', 'AK'],
  ['Arizona', 'AZ'],
  ['Arkansas', 'AR'],
  ['California', 'CA'],
  ['Colorado', 'CO'],
  ['Connecticut', 'CT'],
  ['Delaware', 'DE'],
  ['District Of Columbia', 'DC'],
  ['Florida', 'FL'],
  ['Georgia', 'GA'],
  ['Hawaii', 'HI'],
  ['Idaho', 'ID'],
  ['Illinois', 'IL'],
  ['Indiana', 'IN'],
  ['Iowa', 'IA'],
  ['Kansas', 'KS'],
  ['Kentucky', 'KY'],
  ['Louisiana', 'LA'],
  ['Maine', 'ME'],
  ['Maryland', 'MD'],
  ['Massachusetts', 'MA'],
  ['Michigan', 'MI'],
  ['Minnesota', 'MN'],
  ['Mississippi', 'MS'],
  ['Missouri', 'MO'],
  ['Montana', 'MT'],
  ['Nebraska', 'NE'],
  ['Nevada', 'NV'],
  ['New Hampshire', 'NH'],
  ['New Jersey', 'NJ'],
  ['New Mexico', 'NM'],
  ['New York', 'NY'],
  ['North Carolina', 'NC'],
  ['North Dakota', 'ND'],
  ['Ohio', 'OH'],
  ['Oklahoma', 'OK'],
  ['Oregon', 'OR'],
  ['Pennsylvania', 'PA'],
  ['Rhode Island', 'RI'],
  ['South Carolina', 'SC'],
  ['South Dakota', 'SD'],
  ['Tennessee', 'TN'],
  ['Texas', 'TX'],
  ['Utah', 'UT'],
  ['Vermont', 'VT'],
  ['Virgin Islands', 'VI'],
  ['Virginia', 'VA'],
  ['Washington', 'WA'],
  ['West Virginia', 'WV'],
  ['Wisconsin', 'WI'],
  ['Wyoming', 'WY'],
].map(([name, code]) => ({ name, code }));
