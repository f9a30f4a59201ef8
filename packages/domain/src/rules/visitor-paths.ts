/**
 * First path segments of the pages that visitors open from a link (signing, data rooms, outside forms):
 * the server answers them with the visitor app, a bundle much smaller than the staff app.
 */
export const VISITOR_SECTIONS: readonly string[] = [
  'sign',
  'review',
  'data-room',
  'outside-form',
  'invites',
  'verify-code',
  'shared-cabinet',
];

/** Whole pages of the visitor app: the public verify page (its subpaths are the staff app's email links). */
export const VISITOR_PAGES: readonly string[] = ['/verify', '/verify/'];

/** Whether a URL path (no query) belongs to the visitor app. */
export const isVisitorPath = (pathname: string) =>
  VISITOR_PAGES.includes(pathname) || VISITOR_SECTIONS.includes(pathname.split('/')[1] ?? '');

/** The staff console (platform admins): /staff and its pages, answered with staff.html. */
export const isStaffConsolePath = (pathname: string) =>
  pathname === '/staff' || pathname.startsWith('/staff/');
