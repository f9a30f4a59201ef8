import { Anchor, Badge, Button, Loader, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LogInAsModal, type LogInAsTarget } from '../log-in-as-modal.tsx';
import { useStaffUser } from '../staff-api.ts';
import { ErrorAlert, formatDate, PageHeader } from '../staff-ui.tsx';

export function UserPage() {
  const id = Number(useParams().id);
  const user = useStaffUser(id);
  const [target, setTarget] = useState<LogInAsTarget | null>(null);
  if (user.isPending) return <Loader aria-label="Loading" />;
  if (!user.data) return <ErrorAlert error={user.error} />;
  const u = user.data;
  return (
    <>
      <PageHeader title={u.email} />
      <Text mb="xs">
        {u.first_name} {u.family_name} · user {u.id} · joined {formatDate(u.created_at)}{' '}
        {u.is_staff ? <Badge>Staff</Badge> : null}
      </Text>
      <Text fw={600} mt="lg" mb="xs">
        Workspaces
      </Text>
      {u.memberships.length === 0 ? <Text c="dimmed">No workspaces.</Text> : null}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Workspace</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {u.memberships.map((m) => (
            <Table.Tr key={m.account_id}>
              <Table.Td>
                <Anchor component={Link} to={`/workspaces/${m.account_id}`}>
                  {m.company_name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {m.is_owner ? 'Owner' : m.is_admin ? 'Admin' : 'Member'}
                {m.role_id === 3 ? ' (restricted workspace)' : ''}
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    setTarget({
                      userId: u.id,
                      email: u.email,
                      accountId: m.account_id,
                      companyName: m.company_name,
                    })
                  }
                >
                  Log in as
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <LogInAsModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
