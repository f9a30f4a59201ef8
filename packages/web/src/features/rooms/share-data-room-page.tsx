import { ROOM_ACCESS, ROOM_MESSAGES, type RoomView } from '@charter/domain';
import { Alert, Badge, Button, Code, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { CabinetLinkPanel } from '../shared-links/cabinet-link-panel.tsx';
import { useRoomCodeLink, useRooms } from './api.ts';
import { ROOM_FAILURES, ROOM_TOASTS } from './messages.ts';
import { accessMode } from './room-access.ts';

/**
 * /c/:companyId/:moduleId/share-data-room, the sidebar's Share File Cabinet: the file cabinet's link for
 * this module (modules/shared-links), then the workspace's rooms with their general access links.
 */
export function ShareDataRoomPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const moduleId = Number(params.moduleId) || 1;
  const rooms = useRooms(companyId);
  return (
    <Stack gap="lg">
      <PageTitle>Share File Cabinet</PageTitle>
      <CabinetLinkPanel companyId={companyId} moduleId={moduleId} />
      <Title order={4}>Rooms</Title>
      {rooms.isPending ? <Loader /> : null}
      {rooms.isError ? (
        <Alert color="red">{errorMessage(rooms.error, ROOM_MESSAGES.fetchFailed)}</Alert>
      ) : null}
      {rooms.data?.length === 0 ? <Text c="dimmed">No rooms yet.</Text> : null}
      {rooms.data && rooms.data.length > 0 ? (
        <Paper withBorder radius="md">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Room</Table.Th>
                <Table.Th>Access</Table.Th>
                <Table.Th>General Access Link</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rooms.data.map((room) => (
                <ShareRow key={room.id} companyId={companyId} room={room} />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
    </Stack>
  );
}

function ShareRow({ companyId, room }: { companyId: number; room: RoomView }) {
  const { push } = useNotices();
  const link = useRoomCodeLink(companyId, room.id, room.abilities.share);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      push({ type: 'success', message: ROOM_TOASTS.linkCopied });
    } catch (caught) {
      push({ type: 'error', message: errorMessage(caught, ROOM_FAILURES.getLink) });
    }
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Link to={`/c/${companyId}/rooms/${room.id}`}>{room.label}</Link>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={room.open ? 'teal' : 'gray'}>
          {ROOM_ACCESS[accessMode(room)]}
        </Badge>
      </Table.Td>
      <Table.Td>
        {link.data ? (
          <Group gap="xs" wrap="nowrap">
            <Code>{link.data.url}</Code>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCopy size={14} />}
              onClick={() => void copy(link.data.url)}
            >
              Copy
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {room.abilities.share ? '…' : 'Only the workspace’s admins share rooms.'}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
