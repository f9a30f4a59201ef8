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
  | 'share-file-cabinet'
  | 'company-select'
  | 'teams'
  | 'dashboard'
  | 'user-settings';

export type SidebarEntry = {
  key: SidebarEntryKey;
  label: string;
  to: string;
  /** The first entry after the sidebar's divider (spec 1 §6: what restricted workspaces never see). */
  dividerBefore?: boolean;
};

export type SidebarContext = {
  companyId: number;
  roleId?: number | null;
  /** The server's abilities on the account (GET /api/account/me), so the UI hides by the same rules. */
  abilities?: { rooms?: boolean; filecabinet?: boolean; manage_settings?: boolean } | null;
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

/** After the divider: Share File Cabinet, the page of module 1 (spec 1 §2 `{moduleId}/share-data-room`). */
const AFTER_DIVIDER: [SidebarEntryKey, string, string][] = [
  ['share-file-cabinet', 'Share File Cabinet', '1/share-data-room'],
];

/** Entries hidden in restricted (role 3) workspaces (spec 1 §6), with everything after the divider. */
const RESTRICTED_HIDDEN = new Set<SidebarEntryKey>(['reports', 'cabinet', 'settings', 'share-file-cabinet']);

function isVisible(key: SidebarEntryKey, ctx: SidebarContext): boolean {
  if (ctx.roleId === RESTRICTED_ROLE_ID && RESTRICTED_HIDDEN.has(key)) return false;
  if (key === 'rooms') return ctx.abilities?.rooms === true;
  if (key === 'cabinet' || key === 'share-file-cabinet') return ctx.abilities?.filecabinet === true;
  // Account opens the workspace settings, which are for its admins: no entry that only bounces a member.
  if (key === 'settings') return ctx.abilities?.manage_settings === true;
  return true;
}

/** The sidebar's navigation entries: workspace entries on /c/0, company entries otherwise. */
export function sidebarEntries(ctx: SidebarContext): SidebarEntry[] {
  const base = `/c/${ctx.companyId}`;
  if (ctx.companyId === 0) {
    return WORKSPACE_ENTRIES.filter(([key]) => key !== 'teams' || ctx.partner === true).map(
      ([key, label]) => ({
        key,
        label,
        to: `${base}/${key}`,
      }),
    );
  }
  const main = COMPANY_ENTRIES.filter(([key]) => isVisible(key, ctx)).map(([key, label]) => ({
    key,
    label,
    to: `${base}/${key}`,
  }));
  const after = AFTER_DIVIDER.filter(([key]) => isVisible(key, ctx)).map(([key, label, path], index) => ({
    key,
    label,
    to: `${base}/${path}`,
    ...(index === 0 ? { dividerBefore: true } : {}),
  }));
  return [...main, ...after];
}

/** Workbench pages belong to Workflows in the sidebar (their module ids 2 to 9 count as 1). */
export function isEntryActive(pathname: string, entry: SidebarEntry): boolean {
  if (pathname === entry.to || pathname.startsWith(`${entry.to}/`)) return true;
  return entry.key === 'workflows' && pathname.startsWith(entry.to.replace(/workflows$/, 'workbench/'));
}
