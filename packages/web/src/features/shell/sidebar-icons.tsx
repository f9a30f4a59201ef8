import {
  IconBuilding,
  IconChartBar,
  IconChecklist,
  IconCircleCheck,
  IconDoor,
  IconFileText,
  IconFolders,
  IconHome,
  IconLayoutDashboard,
  IconListCheck,
  IconSettings,
  IconUserCircle,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import type { SidebarEntryKey } from './sidebar-entries.ts';

export const SIDEBAR_ICONS: Record<SidebarEntryKey, TablerIcon> = {
  home: IconHome,
  workflows: IconListCheck,
  tasks: IconChecklist,
  'submitted-tasks': IconCircleCheck,
  rooms: IconDoor,
  documents: IconFileText,
  reports: IconChartBar,
  cabinet: IconFolders,
  settings: IconSettings,
  'company-select': IconBuilding,
  teams: IconUsersGroup,
  dashboard: IconLayoutDashboard,
  'user-settings': IconUserCircle,
};
