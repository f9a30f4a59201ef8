import { Stack, Title } from '@mantine/core';
import { useNotices } from '../../app/notices.tsx';
import { useUserReports } from './queries.ts';
import { UserReports } from './user-reports.tsx';

/** The dashboard's shared reports (report sharing's is_active): nothing at all when none are shared with the user. */
export function SharedReportsSection() {
  const reports = useUserReports();
  const { push } = useNotices();
  if (!reports.data?.length) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Reports
      </Title>
      <UserReports reports={reports.data} onNotice={(message) => push({ type: 'info', message })} />
    </Stack>
  );
}
