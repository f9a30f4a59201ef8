import type { PartnerClientView, TeamView } from '@charter/domain';
import { Button, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import dayjs from 'dayjs';
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { useRemovePartnerAccount } from './queries.ts';
import { TEAM_ERROR } from './teams-page.tsx';

/** The team's client workspaces, connected by their admins with the team's code. */
export function ClientsTable({ team }: { team: TeamView }) {
  const { push } = useNotices();
  const remove = useRemovePartnerAccount(team.id);
  const clients = team.accounts ?? [];
  if (clients.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No client workspace yet. A client's admin connects with the code {team.code} on their Workspace
        Partners page.
      </Text>
    );
  }
  const confirmDisconnect = (client: PartnerClientView) =>
    modals.openConfirmModal({
      title: 'Disconnect Workspace',
      children: (
        <Text size="sm">
          Are you sure you want to disconnect {client.name} from {team.name}? Your team will no longer see it.
        </Text>
      ),
      labels: { confirm: 'Disconnect', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(client.id, {
          onSuccess: () => push({ type: 'success', message: `${client.name} disconnected.` }),
          onError: (error) => push({ type: 'error', message: errorMessage(error, TEAM_ERROR) }),
        }),
    });
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="sm" aria-label={`${team.name} client workspaces`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Workspace</Table.Th>
            <Table.Th>Connected</Table.Th>
            <Table.Th w={130} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client.id}>
              <Table.Td>{client.name}</Table.Td>
              <Table.Td>{dayjs(client.connected_at).format('MMM D, YYYY')}</Table.Td>
              <Table.Td>
                {team.abilities.manage_accounts && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    aria-label={`Disconnect ${client.name}`}
                    onClick={() => confirmDisconnect(client)}
                  >
                    Disconnect
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
