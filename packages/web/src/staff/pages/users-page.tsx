import { Anchor, Badge, Table } from '@mantine/core';
import { Link } from 'react-router';
import { useStaffUsers } from '../staff-api.ts';
import { ErrorAlert, formatDate, PageHeader, Pages, useSearch } from '../staff-ui.tsx';

export function UsersPage() {
  const search = useSearch();
  const users = useStaffUsers(search.q, search.page);
  return (
    <>
      <PageHeader title="Users" />
      {search.input('Search by email, name or id')}
      <ErrorAlert error={users.error} />
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.data?.items.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Anchor component={Link} to={`/users/${user.id}`}>
                  {user.email}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {user.first_name} {user.family_name}
              </Table.Td>
              <Table.Td>
                {user.is_staff ? <Badge mr={4}>Staff</Badge> : null}
                {user.disabled ? <Badge color="red">Disabled</Badge> : null}
                {!user.email_verified ? <Badge color="gray">Unverified</Badge> : null}
              </Table.Td>
              <Table.Td>{formatDate(user.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {users.data ? (
        <Pages
          page={search.page}
          total={users.data.total}
          pageSize={users.data.page_size}
          onChange={search.setPage}
        />
      ) : null}
    </>
  );
}
