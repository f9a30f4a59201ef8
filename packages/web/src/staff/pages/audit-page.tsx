import { Code, Group, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useStaffAudit } from '../staff-api.ts';
import { ErrorAlert, formatDate, PageHeader, Pages } from '../staff-ui.tsx';

export function AuditPage() {
  const [action, setAction] = useState('');
  const [userId, setUserId] = useState('');
  const [page, setPage] = useState(1);
  const [filters] = useDebouncedValue(
    { action: action.trim() || undefined, user_id: /^\d+$/.test(userId.trim()) ? userId.trim() : undefined },
    300,
  );
  const audit = useStaffAudit(filters, page);
  return (
    <>
      <PageHeader title="Audit log" />
      <Group mb="md" align="flex-end">
        <TextInput
          label="Action"
          placeholder="remote_login"
          value={action}
          onChange={(event) => {
            setAction(event.currentTarget.value);
            setPage(1);
          }}
        />
        <TextInput
          label="User id"
          value={userId}
          onChange={(event) => {
            setUserId(event.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      <ErrorAlert error={audit.error} />
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Workspace</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Target</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audit.data?.items.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{formatDate(entry.created_at)}</Table.Td>
              <Table.Td>{entry.action}</Table.Td>
              <Table.Td>
                {entry.actor?.email ?? ''}
                {entry.impersonator && entry.impersonator.id !== entry.actor?.id
                  ? ` (by ${entry.impersonator.email})`
                  : ''}
              </Table.Td>
              <Table.Td>{entry.account_id ?? ''}</Table.Td>
              <Table.Td>{entry.reason ?? ''}</Table.Td>
              <Table.Td>
                <Code>{JSON.stringify(entry.target)}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {audit.data ? (
        <Pages page={page} total={audit.data.total} pageSize={audit.data.page_size} onChange={setPage} />
      ) : null}
    </>
  );
}
