import { RESTRICTED_ROLE_ID } from '@charter/domain';

export type SidebarEntryKey =
  | 'home'
  | 'workflows'
  | 'tasks'
  | 'submitted-tasks'
  | 'rooms'
  | 'documents'
  | 'reports'
  | 'cabinet'
  | 'settings'
  | 'company-select'
  | 'teams'
  | 'dashboard'
  | 'user-settings';

export type SidebarEntry = { key: SidebarEntryKey; label: string; to: string };

export type SidebarContext = {
  companyId: number;
  roleId?: number | null;
  /** The server's abilities on the account (GET /api/account/me), so the UI hides by the same rules. */
  abilities?: { rooms?: boolean; filecabinet?: boolean } | null;
  /** The user belongs to a partner team: only partners see Teams (spec 1 §6). */
  partner?: boolean;
};

const WORKSPACE_ENTRIES: [SidebarEntryKey, string][] = [
  ['company-select', 'Workspaces'],
  ['teams', 'Teams'],
  ['dashboard', 'Dashboard'],
  ['user-settings', 'User Profile'],
];

const COMPANY_ENTRIES: [SidebarEntryKey, string][] = [
  ['home', 'Home'],
  ['workflows', 'Workflows'],
  ['tasks', 'Tasks'],
  ['submitted-tasks', 'Submitted Tasks'],
  ['rooms', 'Rooms'],
  ['documents', 'Documents'],
  ['reports', 'Reports'],
  ['cabinet', 'File Cabinet'],
  ['settings', 'Account'],
];

/** Entries hidden in restricted (role 3) workspaces (spec 1 §6). */
const RESTRICTED_HIDDEN = new Set<SidebarEntryKey>(['reports', 'cabinet', 'settings']);

function isVisible(key: SidebarEntryKey, ctx: SidebarContext): boolean {
  if (ctx.roleId === RESTRICTED_ROLE_ID && RESTRICTED_HIDDEN.has(key)) return false;
  if (key === 'rooms') return ctx.abilities?.rooms === true;
  if (key === 'cabinet') return ctx.abilities?.filecabinet === true;
  return true;
}

/** The sidebar's navigation entries: workspace entries on /c/0, company entries otherwise. */
export function sidebarEntries(ctx: SidebarContext): SidebarEntry[] {
  const base = `/c/${ctx.companyId}`;
  const entries =
    ctx.companyId === 0
      ? WORKSPACE_ENTRIES.filter(([key]) => key !== 'teams' || ctx.partner === true)
      : COMPANY_ENTRIES.filter(([key]) => isVisible(key, ctx));
  return entries.map(([key, label]) => ({ key, label, to: `${base}/${key}` }));
}

/** Workbench pages belong to Workflows in the sidebar (their module ids 2 to 9 count as 1). */
export function isEntryActive(pathname: string, entry: SidebarEntry): boolean {
  if (pathname === entry.to || pathname.startsWith(`${entry.to}/`)) return true;
  return entry.key === 'workflows' && pathname.startsWith(entry.to.replace(/workflows$/, 'workbench/'));
}
