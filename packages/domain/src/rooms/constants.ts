/** Spec 3 §3, §4 and §9: what rooms are, the states they take and the limits the screens keep. */

export const ROOM_TYPES = ['deal', 'report', 'reporting', 'data-room'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** Room status (spec 3 §4): any value but the current one may be chosen; '' is Remove Status. */
export const ROOM_STATUSES = ['Active', 'Fulfilled', 'Completed', 'Closed', 'Inactive', 'Dissolved'] as const;

/** Access modes (spec 3 §4): Invite Only is shown disabled. */
export const ROOM_ACCESS = {
  private: 'Private',
  open: 'Open',
  signIn: 'Sign-in Required',
  inviteOnly: 'Invite Only',
} as const;
export const INVITE_ONLY_UNAVAILABLE = 'Not Currently Available';

/** Spec 3 §9: what visitors did, and the sorts of the history (default latest first). */
export const ROOM_HISTORY_ACTIONS = ['visit', 'view', 'download', 'form', 'nda'] as const;
export type RoomHistoryAction = (typeof ROOM_HISTORY_ACTIONS)[number];
export const ROOM_HISTORY_SORTS = [
  'latest',
  'document-views',
  'downloads',
  'room-visits',
  'form-visits',
  'date',
] as const;
export const ROOM_USER_SORTS = ['last-visited', 'name', 'date-added'] as const;

export const ROOM_SETTINGS_USERS_SHOWN = 4;
export const VERIFICATION_EXPIRY_MS = 24 * 60 * 60 * 1000;
export const VERIFICATION_POLL_MS = 20_000;
export const ROOM_REFRESH_MS = 900_000;
export const OVERVIEW_SCROLL_DELAY_MS = 1250;
export const TABLE_VIRTUALIZE_ABOVE = 399;
export const TABLE_COLLAPSE_ABOVE = 500;
export const VIRTUAL_TABLE_HEIGHT = 500;
export const VIRTUAL_TABLE_OVERSCAN = 20;
export const LONG_TEXT_CUTOFF = 200;
export const ROOM_DETAIL_CONCURRENCY = 10;
export const ROOM_DETAIL_MAX_ROOMS = 20;
export const DATA_ROOM_FOLDER = '/Miscellaneous/Data Room';

/** Spec 3 §8, the texts the room screens show. */
export const ROOM_MESSAGES = {
  revoked: 'This room link is no longer available.',
  codeRedeemedLimited:
    'Link has been used before or expired, redirected to room with limited access. Sign in for full access.',
  codeRedeemed: 'This code has already been redeemed.',
  emptyName: 'Cannot update to empty string.',
  noHistory: (name: string) => `No history found for ${name}.`,
  fetchFailed: 'Unable to fetch Room. Please try logging back in or contact support if error persists',
  previewFailed: 'Unable to preview file at this time.',
  emailSent: 'Email with room link sent.',
  shareFailed: 'An issue occurred while sharing room link. If issue continues, please contact support.',
  codeLength: 'must be 8 characters',
  formCompleted:
    'This form has already been completed. Please contact technical support if you believe this is in error.',
  doNotShare: 'Do not share this URL',
} as const;

/** Spec 3 §8 error codes the room and invite screens act on. */
export const ROOM_ERROR_CODES = {
  redeemed: 'E_CODE_REDEEMED',
  invalid: 'E_CODE_INVALID',
  retry: 'E_CODE_RETRY',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  unverified: 'UNVERIFIED_CONTACT',
} as const;

/** A room's NDA gate: where signed NDAs are kept in the owner's cabinet, and what a visitor is told. */
export const NDA_FOLDER = '/Data Room NDAs';
export const NDA_STATUSES = ['none', 'pending', 'signed'] as const;
export type NdaStatus = (typeof NDA_STATUSES)[number];
export const NDA_MESSAGES = {
  needsEmail: 'Enter your email address to sign the NDA for this room.',
  noNda: 'This room does not ask for an NDA.',
  sealing: 'Your signed NDA is being sealed. The room opens in a moment.',
  gate: "Sign this room's NDA to see its documents.",
} as const;

/** The /verify-code/{template_key} template of a room visitor proving an email. */
export const ROOM_VISITOR_TEMPLATE = 'room-visitor';
