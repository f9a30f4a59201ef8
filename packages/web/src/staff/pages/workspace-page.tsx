import { Anchor, Button, Loader, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LogInAsModal, type LogInAsTarget } from '../log-in-as-modal.tsx';
import { useStaffAccount } from '../staff-api.ts';
import { ErrorAlert, formatDate, PageHeader } from '../staff-ui.tsx';

export function WorkspacePage() {
  const id = Number(useParams().id);
  const account = useStaffAccount(id);
  const [target, setTarget] = useState<LogInAsTarget | null>(null);
  if (account.isPending) return <Loader aria-label="Loading" />;
  if (!account.data) return <ErrorAlert error={account.error} />;
  const a = account.data;
  return (
    <>
      <PageHeader title={a.company_name} />
      <Text mb="lg">
        Workspace {a.id} · role {a.role_id} · {a.brand_hostname ?? 'default brand'} · created{' '}
        {formatDate(a.created_at)}
      </Text>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {a.members.map((m) => (
            <Table.Tr key={m.user_id}>
              <Table.Td>
                <Anchor component={Link} to={`/users/${m.user_id}`}>
                  {m.email}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {m.first_name} {m.family_name}
              </Table.Td>
              <Table.Td>{m.is_owner ? 'Owner' : m.is_admin ? 'Admin' : 'Member'}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    setTarget({
                      userId: m.user_id,
                      email: m.email,
                      accountId: a.id,
                      companyName: a.company_name,
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
