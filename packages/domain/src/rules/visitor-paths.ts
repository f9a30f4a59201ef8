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
  'shared-cabinet',
];

/** Whole pages of the visitor app: the public verify page (its subpaths are the staff app's email links). */
export const VISITOR_PAGES: readonly string[] = ['/verify', '/verify/'];

/**
 * /verify-code/{template_key} pages of the visitor app: a room visitor's code (ROOM_VISITOR_TEMPLATE).
 * Every other template (magic-link, verification-email) is a sign-in step of the staff app, which must
 * answer it when it is opened directly (a reload, a link typed in).
 */
export const VISITOR_VERIFY_CODE_TEMPLATES: readonly string[] = ['room-visitor'];

/** Whether a URL path (no query) belongs to the visitor app. */
export function isVisitorPath(pathname: string): boolean {
  if (VISITOR_PAGES.includes(pathname)) return true;
  const [, section = '', template = ''] = pathname.split('/');
  if (section === 'verify-code') return VISITOR_VERIFY_CODE_TEMPLATES.includes(template);
  return VISITOR_SECTIONS.includes(section);
}

/** The staff console (platform admins): /staff and its pages, answered with staff.html. */
export const isStaffConsolePath = (pathname: string) =>
  pathname === '/staff' || pathname.startsWith('/staff/');
