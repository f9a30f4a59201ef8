import { Stack, Text } from '@mantine/core';
import { PageTitle } from '../../ui/page-title.tsx';
import { TodoList } from '../company/todo-list.tsx';
import { SharedReportsSection } from '../reports/shared-reports-section.tsx';

const TEAM_MODE = { team: true } as const;

/**
 * The personal dashboard (/dashboard/personal, /c/{id}/dashboard; no workspace needs choosing): the
 * user's to-dos across every workspace they may act on, their own and their partners' clients, each
 * assignable or dismissable from here (the team view of spec 1 §6), then the reports shared with them.
 */
export function PersonalDashboardPage() {
  return (
    <Stack gap="lg">
      <PageTitle>Dashboard</PageTitle>
      <Text c="dimmed">The to-dos of your workspaces and of the clients of your teams.</Text>
      <TodoList mode={TEAM_MODE} />
      <SharedReportsSection />
    </Stack>
  );
}
