import type { ReportTableView } from '@charter/domain';
import { Badge, Button, EmptyState, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShare, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { LedgerCsvModal } from '../billing-charges/ledger-csv-modal.tsx';
import { useAccountMe } from '../shell/queries.ts';
import { useReports } from './queries.ts';
import { ResourceTable } from './resource-table/resource-table.tsx';
import { SharingModal } from './sharing-modal.tsx';

/** /c/:companyId/reports: the workspace's report tables, each with its sharing (spec 3 §3, spec 2). */
export function ReportsPage() {
  const companyId = Number(useParams().companyId);
  const reports = useReports(companyId);
  const { push } = useNotices();
  const [sharing, setSharing] = useState<ReportTableView | null>(null);
  const [ledger, setLedger] = useState<ReportTableView | null>(null);
  const me = useAccountMe(companyId);
  const notice = (message: string) => push({ type: 'info', message });

  return (
    <Stack gap="lg">
      <PageTitle>Reports</PageTitle>
      {reports.isPending ? (
        <Loader aria-label="Loading reports" />
      ) : reports.isError ? (
        <Text c="red">{errorMessage(reports.error, 'An error has occurred')}</Text>
      ) : reports.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState
            icon={<IconTable size={28} stroke={1.5} />}
            withIndicatorBackground
            title="No report tables yet"
            description="Workflows that list people or companies make report tables here."
          />
        </Paper>
      ) : (
        reports.data.map((report) => (
          <Paper key={report.feature_type_id} withBorder radius="md" p="md">
            <Stack gap="sm">
              <Group justify="space-between">
                <div>
                  <Title order={2} size="h4">
                    {report.question_label}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {report.template_label}
                  </Text>
                </div>
                <Badge variant="light" color={report.sharing?.is_active ? 'green' : 'gray'}>
                  {report.sharing?.is_active ? 'Shared' : 'Not shared'}
                </Badge>
              </Group>
              <ResourceTable
                title={report.question_label}
                columns={report.feature_types}
                rows={report.rows}
                fileName={`${report.template_label} - ${report.question_label}`}
                onNotice={notice}
                actions={
                  <>
                    <Button size="xs" variant="light" onClick={() => setLedger(report)}>
                      Ledger CSV
                    </Button>
                    {report.abilities.share && (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconShare size={14} />}
                        onClick={() => setSharing(report)}
                      >
                        Manage Report Sharing
                      </Button>
                    )}
                  </>
                }
              />
            </Stack>
          </Paper>
        ))
      )}
      {ledger && (
        <LedgerCsvModal
          entity={me.data?.account.company_name || me.data?.account.name || 'Workspace'}
          label={ledger.question_label}
          columns={ledger.feature_types}
          rows={ledger.rows}
          onClose={() => setLedger(null)}
          onNotice={notice}
        />
      )}
      {sharing && <SharingModal companyId={companyId} report={sharing} onClose={() => setSharing(null)} />}
    </Stack>
  );
}
