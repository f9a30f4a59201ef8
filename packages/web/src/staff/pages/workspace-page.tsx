import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { Anchor, Button, Loader, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LogInAsModal, type LogInAsTarget } from '../log-in-as-modal.tsx';
import { useSetRestricted, useStaffAccount } from '../staff-api.ts';
import { ErrorAlert, formatDate, PageHeader } from '../staff-ui.tsx';

/** Restricted (role 3): its members see only the workflows of modules 4 and 5 (spec 1 §6). Audited. */
function RestrictedSwitch({ id, restricted }: { id: number; restricted: boolean }) {
  const save = useSetRestricted(id);
  return (
    <Stack gap={4} mb="lg">
      <Switch
        label="Restricted workspace (role 3)"
        description="Its members see only the workflows of modules 4 and 5; no reports, file cabinet or settings."
        checked={restricted}
        disabled={save.isPending}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
      {save.error && <ErrorAlert error={save.error} />}
    </Stack>
  );
}

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
      <Text mb="sm">
        Workspace {a.id} · role {a.role_id} · {a.brand_hostname ?? 'default brand'} · created{' '}
        {formatDate(a.created_at)}
      </Text>
      <RestrictedSwitch id={a.id} restricted={a.role_id === RESTRICTED_ROLE_ID} />
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
