import {
  countOf,
  GENERIC_ERROR,
  ROOM_ACCESS,
  ROOM_ADMIN_MESSAGES,
  ROOM_MESSAGES,
  ROOM_TYPES,
  type RoomType,
  type UserRoomDetail,
  type UserRoomView,
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
import { roomsApi, useRoomMutation } from './api.ts';
import { ROOM_FAILURES, ROOM_TYPE_LABELS } from './messages.ts';
import { accessMode } from './room-access.ts';
import { useRoomDetails, useUserRooms } from './user-rooms.ts';

const TYPE_OPTIONS = [
  { value: '', label: 'No type' },
  ...ROOM_TYPES.map((t) => ({ value: t, label: ROOM_TYPE_LABELS[t] })),
];

/** /c/:companyId/rooms: the workspace's rooms and New Room. */
export function RoomsPage() {
  const companyId = Number(useParams().companyId);
  const rooms = useUserRooms(companyId);
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

function RoomsTable({ companyId, rooms }: { companyId: number; rooms: UserRoomView[] }) {
  const details = useRoomDetails(companyId, rooms);
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
            <Table.Th>Contents</Table.Th>
            <Table.Th>Details</Table.Th>
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
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {contentsOf(room)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RoomDetailsCell
                  room={room}
                  state={details.state(room.id)}
                  detail={details.detail(room.id)}
                  onLoad={() => details.load(room.id)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

const contentsOf = ({ counts }: UserRoomView) =>
  [
    countOf(counts.documents, 'document'),
    countOf(counts.links, 'link'),
    countOf(counts.tables, 'table'),
  ].join(' · ');

/** What the room's detail adds to the list: documents requiring signature and the last visit. */
function RoomDetailsCell({
  room,
  state,
  detail,
  onLoad,
}: {
  room: UserRoomView;
  state: 'idle' | 'loading' | 'error' | 'done';
  detail: UserRoomDetail | undefined;
  onLoad: () => void;
}) {
  if (state === 'loading') return <Loader size="xs" aria-label={`Loading details of ${room.label}`} />;
  if (state === 'error')
    return (
      <Text size="sm" c="red">
        {GENERIC_ERROR}
      </Text>
    );
  if (state === 'idle' || !detail)
    return (
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={onLoad}
        aria-label={`Load details of ${room.label}`}
      >
        Load details
      </Button>
    );
  const required = detail.overview.badges.requiring_signature;
  return (
    <Group gap="xs" wrap="nowrap" data-details={room.id}>
      <Badge variant="light" color={required > 0 ? 'orange' : 'gray'}>
        {required} requiring signature
      </Badge>
      <Text size="xs" c="dimmed">
        {detail.last_visit_at
          ? `Last visit ${new Date(detail.last_visit_at).toLocaleString()}`
          : 'No visits yet'}
      </Text>
    </Group>
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
