import { AppShell, CloseButton, Divider, Group, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Fragment } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { BrandLogo } from './brand-logo.tsx';
import { PoweredBy } from './powered-by.tsx';
import type { SidebarEntry } from './sidebar-entries.ts';
import { isEntryActive } from './sidebar-entries.ts';
import { SIDEBAR_ICONS } from './sidebar-icons.tsx';

type Props = {
  companyId: number;
  entries: SidebarEntry[];
  collapsed: boolean;
  onToggle: () => void;
  showPoweredBy: boolean;
  onNavigate: () => void;
};

export function Sidebar({ companyId, entries, collapsed, onToggle, showPoweredBy, onNavigate }: Props) {
  const { pathname } = useLocation();
  const toggleLabel = collapsed ? 'Expand Menu' : 'Collapse Menu';
  const ToggleIcon = collapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;
  return (
    <>
      <AppShell.Section p="md" h={60}>
        <Group justify="space-between" wrap="nowrap" h="100%">
          <BrandLogo companyId={companyId} compact={collapsed} />
          <CloseButton hiddenFrom="sm" onClick={onNavigate} aria-label="Close menu" />
        </Group>
      </AppShell.Section>
      <Divider />
      <AppShell.Section grow component={ScrollArea} p="xs">
        <nav aria-label="Main menu">
          <Stack gap={4}>
            {entries.map((entry) => {
              const Icon = SIDEBAR_ICONS[entry.key];
              const active = isEntryActive(pathname, entry);
              return (
                <Fragment key={entry.key}>
                  {entry.dividerBefore ? <Divider my={4} /> : null}
                  <Tooltip label={entry.label} position="right" disabled={!collapsed}>
                    <NavLink
                      component={RouterNavLink}
                      to={entry.to}
                      onClick={onNavigate}
                      active={active}
                      aria-label={entry.label}
                      label={collapsed ? null : entry.label}
                      leftSection={<Icon size={20} stroke={1.6} />}
                      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
                    />
                  </Tooltip>
                </Fragment>
              );
            })}
          </Stack>
        </nav>
      </AppShell.Section>
      <AppShell.Section p="xs">
        <Stack gap="xs">
          <Tooltip label={toggleLabel} position="right" disabled={!collapsed}>
            <NavLink
              component="button"
              visibleFrom="sm"
              onClick={onToggle}
              aria-label={toggleLabel}
              label={collapsed ? null : toggleLabel}
              leftSection={<ToggleIcon size={20} stroke={1.6} />}
              c="dimmed"
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
            />
          </Tooltip>
          {showPoweredBy && <PoweredBy compact={collapsed} />}
        </Stack>
      </AppShell.Section>
    </>
  );
}
