import type { UserReportView } from '@charter/domain';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { ResourceTable } from './resource-table/resource-table.tsx';

/**
 * The shared reports a user sees in their dashboard (GET /api/user/report): each with its workspace's
 * name; an investor's tables hold only their own rows (the server narrows them). Props only.
 */
export function UserReports({
  reports,
  onNotice,
}: {
  reports: readonly UserReportView[];
  onNotice?: (message: string) => void;
}) {
  return (
    <Stack gap="md">
      {reports.map((report) => (
        <Paper key={report.id} withBorder radius="md" p="md">
          <Stack gap="sm">
            <div>
              <Title order={3} size="h5">
                {report.question_label}
              </Title>
              <Text size="sm" c="dimmed">
                {report.account.name}
              </Text>
            </div>
            <ResourceTable
              title={report.question_label}
              columns={report.feature_types}
              rows={report.rows}
              fileName={`${report.account.name} - ${report.question_label}`}
              onNotice={onNotice}
              files={report.files}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
