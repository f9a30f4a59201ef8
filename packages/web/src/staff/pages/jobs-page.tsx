import { Button, SegmentedControl, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useRetryJob, useStaffJobs } from '../staff-api.ts';
import { ErrorAlert, formatDate, PageHeader } from '../staff-ui.tsx';

export function JobsPage() {
  const [status, setStatus] = useState<'failed' | 'stuck'>('failed');
  const jobs = useStaffJobs(status);
  const retry = useRetryJob();
  return (
    <>
      <PageHeader title="Jobs">
        <SegmentedControl
          value={status}
          onChange={(value) => setStatus(value as 'failed' | 'stuck')}
          data={[
            { value: 'failed', label: 'Failed' },
            { value: 'stuck', label: 'Stuck' },
          ]}
        />
      </PageHeader>
      <ErrorAlert error={jobs.error ?? retry.error} />
      {jobs.data?.length === 0 ? <Text c="dimmed">No {status} jobs.</Text> : null}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last error</Table.Th>
            <Table.Th>{status === 'failed' ? 'Failed at' : 'Locked since'}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.data?.map((job) => (
            <Table.Tr key={job.id}>
              <Table.Td>{job.id}</Table.Td>
              <Table.Td>{job.kind}</Table.Td>
              <Table.Td>
                {job.attempts} / {job.max_attempts}
              </Table.Td>
              <Table.Td>{job.last_error ?? ''}</Table.Td>
              <Table.Td>{formatDate(status === 'failed' ? job.finished_at : job.locked_at)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="light"
                  loading={retry.isPending && retry.variables === job.id}
                  onClick={() => retry.mutate(job.id)}
                >
                  Retry
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
