import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { describe, expect, it } from 'vitest';
import { userMenuItems } from './user-menu-items.ts';

describe('userMenuItems', () => {
  const names = (companyId: number, roleId: number | null, partner = true, manageSettings = true) =>
    userMenuItems(companyId, roleId, partner, manageSettings).map((i) => i.label);

  it('lists every item in an ordinary workspace', () => {
    expect(names(7, 1)).toEqual([
      'View Workspaces',
      'View Teams Settings',
      'View User Dashboard',
      'View LP Portal',
      'View Subscriptions',
      'View Workspace Settings',
      'View Workspace Partners',
      'View User Profile',
    ]);
  });

  it('offers Teams to partner members only', () => {
    expect(names(7, 1, false)).not.toContain('View Teams Settings');
    expect(names(0, null, true)).toContain('View Teams Settings');
  });

  it('hides workspace settings and subscriptions for restricted users and on /c/0', () => {
    for (const list of [names(7, RESTRICTED_ROLE_ID), names(0, null)]) {
      expect(list).not.toContain('View Subscriptions');
      expect(list).not.toContain('View Workspace Settings');
      expect(list).not.toContain('View Workspace Partners');
    }
  });

  it('offers the workspace settings only to those who may manage them (admins)', () => {
    const member = names(7, 1, false, false);
    expect(member).not.toContain('View Workspace Settings');
    expect(member).toContain('View Subscriptions');
    expect(member).toContain('View User Profile');
  });
});
