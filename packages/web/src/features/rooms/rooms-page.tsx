import {
  ROOM_ACCESS,
  ROOM_ADMIN_MESSAGES,
  ROOM_MESSAGES,
  ROOM_TYPES,
  type RoomType,
  type RoomView,
} from '@charter/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useAccountMe } from '../shell/queries.ts';
import { roomsApi, useRoomMutation, useRooms } from './api.ts';
import { ROOM_FAILURES, ROOM_TYPE_LABELS } from './messages.ts';
import { accessMode } from './room-access.ts';

const TYPE_OPTIONS = [
  { value: '', label: 'No type' },
  ...ROOM_TYPES.map((t) => ({ value: t, label: ROOM_TYPE_LABELS[t] })),
];

/** /c/:companyId/rooms: the workspace's rooms and New Room. */
export function RoomsPage() {
  const companyId = Number(useParams().companyId);
  const rooms = useRooms(companyId);
  const [creating, setCreating] = useState(false);
  const me = useAccountMe(companyId);
  // Creating rooms is the workspace admins' (modules/rooms/policies.ts).
  const admin = me.data?.user.is_admin === true;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageTitle>Rooms</PageTitle>
        {admin ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New Room
          </Button>
        ) : null}
      </Group>
      {rooms.isPending ? <Loader /> : null}
      {rooms.isError ? (
        <Alert color="red">{errorMessage(rooms.error, ROOM_MESSAGES.fetchFailed)}</Alert>
      ) : null}
      {rooms.data ? <RoomsTable companyId={companyId} rooms={rooms.data} /> : null}
      {creating ? <NewRoomModal companyId={companyId} onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}

function RoomsTable({ companyId, rooms }: { companyId: number; rooms: RoomView[] }) {
  if (rooms.length === 0)
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">No rooms yet. Create one to share documents, links and tables.</Text>
      </Paper>
    );
  return (
    <Paper withBorder radius="md">
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Access</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rooms.map((room) => (
            <Table.Tr key={room.id}>
              <Table.Td>
                <Link to={`/c/${companyId}/rooms/${room.id}`}>{room.label}</Link>
              </Table.Td>
              <Table.Td>{room.type ? (ROOM_TYPE_LABELS[room.type] ?? room.type) : '--'}</Table.Td>
              <Table.Td>{room.status || '--'}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={room.open ? 'teal' : 'gray'}>
                  {ROOM_ACCESS[accessMode(room)]}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** New Room: a name and, optionally, a type. */
export function NewRoomModal({
  companyId,
  onClose,
  projectId,
  transactionId,
}: {
  companyId: number;
  onClose: () => void;
  projectId?: number;
  transactionId?: number;
}) {
  const navigate = useNavigate();
  const { push } = useNotices();
  const [error, setError] = useState<string | null>(null);
  const create = useRoomMutation(companyId, roomsApi(companyId).create);
  const form = useForm({
    mode: 'controlled',
    initialValues: { label: '', type: 'data-room' },
    validate: { label: (value) => (value.trim() ? null : ROOM_ADMIN_MESSAGES.nameRequired) },
  });
  const submit = (values: { label: string; type: string }) => {
    setError(null);
    create.mutate(
      {
        label: values.label.trim(),
        type: values.type ? (values.type as RoomType) : null,
        project_id: projectId,
        transaction_id: transactionId,
      },
      {
        onSuccess: (room) => {
          push({ type: 'success', message: 'Room created.' });
          onClose();
          navigate(`/c/${companyId}/rooms/${room.id}`);
        },
        onError: (failure) => setError(errorMessage(failure, ROOM_FAILURES.update)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="New Room">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label="Name" data-autofocus {...form.getInputProps('label')} />
          <Select label="Type" data={TYPE_OPTIONS} allowDeselect={false} {...form.getInputProps('type')} />
          {error ? <Alert color="red">{error}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Room
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
