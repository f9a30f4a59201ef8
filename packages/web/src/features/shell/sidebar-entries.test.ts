import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { describe, expect, it } from 'vitest';
import { isEntryActive, sidebarEntries } from './sidebar-entries.ts';

const labels = (...args: Parameters<typeof sidebarEntries>) => sidebarEntries(...args).map((e) => e.label);
const all = { rooms: true, filecabinet: true, manage_settings: true };

describe('sidebarEntries', () => {
  it('shows the workspace entries on /c/0, Teams to partners only', () => {
    expect(labels({ companyId: 0 })).toEqual(['Workspaces', 'Dashboard', 'User Profile']);
    expect(sidebarEntries({ companyId: 0, partner: true })).toEqual([
      { key: 'company-select', label: 'Workspaces', to: '/c/0/company-select' },
      { key: 'teams', label: 'Teams', to: '/c/0/teams' },
      { key: 'dashboard', label: 'Dashboard', to: '/c/0/dashboard' },
      { key: 'user-settings', label: 'User Profile', to: '/c/0/user-settings' },
    ]);
  });

  it('shows every company entry with every ability', () => {
    expect(labels({ companyId: 7, roleId: 1, abilities: all })).toEqual([
      'Home',
      'Workflows',
      'Tasks',
      'Submitted Tasks',
      'Rooms',
      'Documents',
      'Reports',
      'File Cabinet',
      'Account',
      'Share File Cabinet',
    ]);
    expect(sidebarEntries({ companyId: 7, abilities: all }).at(-2)?.to).toBe('/c/7/settings');
    expect(sidebarEntries({ companyId: 7, abilities: all }).at(-1)).toEqual({
      key: 'share-file-cabinet',
      label: 'Share File Cabinet',
      to: '/c/7/1/share-data-room',
      dividerBefore: true,
    });
  });

  it('hides Rooms and File Cabinet without their abilities', () => {
    expect(
      labels({
        companyId: 7,
        roleId: 1,
        abilities: { rooms: false, filecabinet: false, manage_settings: true },
      }),
    ).toEqual(['Home', 'Workflows', 'Tasks', 'Submitted Tasks', 'Documents', 'Reports', 'Account']);
    expect(labels({ companyId: 7, abilities: null })).not.toContain('Rooms');
  });

  it('hides Account (the workspace settings) from a member who may not manage them', () => {
    const member = labels({ companyId: 7, roleId: 1, abilities: { ...all, manage_settings: false } });
    expect(member).not.toContain('Account');
    expect(member).toContain('File Cabinet');
    expect(labels({ companyId: 7, roleId: 1, abilities: null })).not.toContain('Account');
  });

  it('hides Reports, File Cabinet and Account in restricted workspaces', () => {
    expect(labels({ companyId: 7, roleId: RESTRICTED_ROLE_ID, abilities: all })).toEqual([
      'Home',
      'Workflows',
      'Tasks',
      'Submitted Tasks',
      'Rooms',
      'Documents',
    ]);
  });
});

describe('isEntryActive', () => {
  it('marks Workflows on workbench pages', () => {
    const [workflows, tasks] = sidebarEntries({ companyId: 7, roleId: 1 }).filter((e) =>
      ['workflows', 'tasks'].includes(e.key),
    );
    expect(isEntryActive('/c/7/workbench/2/3/4/task-view', workflows)).toBe(true);
    expect(isEntryActive('/c/7/workflows', workflows)).toBe(true);
    expect(isEntryActive('/c/7/workbench/2/3/4/task-view', tasks)).toBe(false);
    expect(isEntryActive('/c/7/tasks', tasks)).toBe(true);
  });
});
