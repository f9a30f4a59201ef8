export const GENERIC_NAME_MESSAGE = 'Please replace input with full legal name.';

// Words that name no company on their own: a placeholder typed instead of the legal name.
const GENERIC_NAMES = new Set([
  'company',
  'my company',
  'the company',
  'corporation',
  'corp',
  'inc',
  'incorporated',
  'llc',
  'lp',
  'startup',
  'my startup',
  'business',
  'my business',
  'test',
  'tbd',
  'n/a',
  'na',
  'none',
  'name',
  'company name',
  'new company',
  'newco',
  'entity',
  'holdco',
  'acme',
]);

const base = (name: string) =>
  name
    .toLowerCase()
    .replace(/[.,]/g, ' ')
    .replace(/\b(inc|incorporated|co|company|corp|corporation|llc|l ?p)\s*$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** 'Company, Inc.' or 'TBD LLC' are placeholders, not legal names. */
export function validateLegalName(name: string): string | null {
  const trimmed = name.trim().toLowerCase();
  if (!trimmed) return null;
  return GENERIC_NAMES.has(trimmed) || GENERIC_NAMES.has(base(name)) || base(name) === ''
    ? GENERIC_NAME_MESSAGE
    : null;
}
