import { RESTRICTED_ROLE_ID } from '@charter/domain';

export type UserMenuItem = { label: string; to: string; hidden?: boolean };

/**
 * `partner`: the user belongs to a partner team (only partners see Teams, spec 1 §6). `manageSettings`: the
 * server's manage_settings ability; the workspace settings page is for admins, so no one else is offered it.
 */
export function userMenuItems(
  companyId: number,
  roleId: number | null,
  partner = false,
  manageSettings = false,
): UserMenuItem[] {
  const base = `/c/${companyId}`;
  const noSettings = companyId === 0 || roleId === RESTRICTED_ROLE_ID;
  return [
    { label: 'View Workspaces', to: '/c/0/company-select' },
    { label: 'View Teams Settings', to: `${base}/teams`, hidden: !partner },
    { label: 'View User Dashboard', to: `${base}/dashboard/personal` },
    { label: 'View LP Portal', to: `${base}/lp-portal` },
    { label: 'View Subscriptions', to: `${base}/settings/subscriptions`, hidden: noSettings },
    {
      label: 'View Workspace Settings',
      to: `${base}/settings/profile`,
      hidden: noSettings || !manageSettings,
    },
    { label: 'View Workspace Partners', to: `${base}/charter-partners`, hidden: noSettings },
    { label: 'View User Profile', to: `${base}/user-settings` },
  ].filter((item) => !item.hidden);
}
