import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { useStaffAccounts } from '../staff-api.ts';
import { ErrorAlert, formatDate, PageHeader, Pages, useSearch } from '../staff-ui.tsx';

export function WorkspacesPage() {
  const search = useSearch();
  const accounts = useStaffAccounts(search.q, search.page);
  return (
    <>
      <PageHeader title="Workspaces" />
      {search.input('Search by name or id')}
      <ErrorAlert error={accounts.error} />
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Workspace</Table.Th>
            <Table.Th>Members</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Brand</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.data?.items.map((account) => (
            <Table.Tr key={account.id}>
              <Table.Td>
                <Anchor component={Link} to={`/workspaces/${account.id}`}>
                  {account.company_name}
                </Anchor>
              </Table.Td>
              <Table.Td>{account.member_count}</Table.Td>
              <Table.Td>{account.role_id}</Table.Td>
              <Table.Td>{account.brand_hostname ?? ''}</Table.Td>
              <Table.Td>{formatDate(account.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {accounts.data ? (
        <Pages
          page={search.page}
          total={accounts.data.total}
          pageSize={accounts.data.page_size}
          onChange={search.setPage}
        />
      ) : null}
    </>
  );
}
