/** Company pages that work without a chosen company (spec 1 §2, "Company choice is required ... except"). */
export const COMPANY_OPTIONAL_PAGES = [
  'company-select',
  'teams',
  'user-settings',
  'dashboard',
  'investments',
  'lp-portal',
  // The review of a taken-over account (features/account-review): about the user, not a workspace.
  'account-review',
];

/** The first path segment after /c/{companyId}/, or '' for the bare company path. */
export function companyPage(pathname: string): string {
  const match = /^\/c\/[^/]+\/?([^/?#]*)/.exec(pathname);
  return match ? match[1] : '';
}

export function parseCompanyId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

/**
 * Where to send a user who opened a company page without choosing a company (/c/0/...), or null when the
 * page can be shown. The original location travels in ?redirect= so the workspaces page can return to it.
 */
export function companySelectRedirect(companyId: number, pathname: string, search = ''): string | null {
  if (companyId !== 0) return null;
  const page = companyPage(pathname);
  if (page === '') return '/c/0/company-select';
  if (COMPANY_OPTIONAL_PAGES.includes(page)) return null;
  return `/c/0/company-select?redirect=${encodeURIComponent(pathname + search)}`;
}

/** True on the workspaces page when it was reached because another page needs a company. */
export function isAskingForCompany(pathname: string, search: string): boolean {
  return companyPage(pathname) === 'company-select' && new URLSearchParams(search).has('redirect');
}
