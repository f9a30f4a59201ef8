export const FEATURE_TYPE = { BUSINESS_TYPE: 881, PARTNER_SLUG: 1583 } as const;
/** The workspace features a user may set when creating one; the partner slug is set by the partner flow. */
export const USER_FEATURE_TYPES: readonly number[] = [FEATURE_TYPE.BUSINESS_TYPE];
export const RESTRICTED_ROLE_ID = 3;
export const DEFAULT_USER_LIMIT = 2;

/** Business purpose options: the label shown and the value stored (spec 1 §5). */
export const BUSINESS_PURPOSES = [
  { label: 'For-profit Company', value: 'For-profit Company' },
  { label: 'Investment Vehicle', value: 'Investment Vehicle' },
  { label: 'Legal/Finance Provider', value: 'Legal/Accounting Provider' },
  { label: 'Other', value: 'Other' },
] as const;

// Session and shell timings (spec 1 §4, §9).
export const TOKEN_EARLY_EXPIRY_SECONDS = 600;
export const INACTIVITY_LOGOUT_MS = 10_800_000;
export const INACTIVITY_WARNING_MS = 2.97 * 3_600_000;
export const LOAD_ERROR_MS = 7000;
export const MAX_RELOAD_ATTEMPTS = 3;
export const NOTICE_MAX = 9;
export const NOTICE_DURATIONS = { default: 7000, warning: 15_000, error: 15_000, withError: 18_000 } as const;
export const SIDEBAR_COLLAPSE_WIDTH = 1560;
export const MOBILE_WIDTH = 768;
export const COMPANY_REDIRECT_DELAY_MS = 5000;
export const SEARCH_DEBOUNCE_MS = 300;
