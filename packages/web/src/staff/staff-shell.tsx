import type { SessionUser } from '@charter/domain';
import { AppShell, Group, NavLink, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router';

const SECTIONS = [
  { to: '/users', label: 'Users' },
  { to: '/workspaces', label: 'Workspaces' },
  { to: '/audit', label: 'Audit log' },
  { to: '/jobs', label: 'Jobs' },
  { to: '/brands', label: 'Brands' },
  { to: '/partners', label: 'Partners' },
];

export function StaffShell({ me, children }: { me: SessionUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const section = SECTIONS.find((s) => pathname.startsWith(s.to));
  useEffect(() => {
    document.title = section ? `${section.label} · Charter staff` : 'Charter staff';
  }, [section]);
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 200, breakpoint: 'xs' }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={1} size="h4">
            Charter staff console
          </Title>
          <Text size="sm" c="dimmed">
            {me.email}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Staff console">
        {SECTIONS.map((section) => (
          <NavLink
            key={section.to}
            component={RouterLink}
            to={section.to}
            label={section.label}
            active={pathname.startsWith(section.to)}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
