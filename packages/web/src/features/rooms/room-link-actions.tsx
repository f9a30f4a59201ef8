import type { RoomView } from '@charter/domain';
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { roomKeys, roomsApi } from './api.ts';
import { ROOM_FAILURES, ROOM_TOASTS } from './messages.ts';

/** Admin actions that end things: a new general link (every earlier one stops working), deleting the room. */
export function RoomLinkActions({ companyId, room }: { companyId: number; room: RoomView }) {
  const api = roomsApi(companyId);
  const { push } = useNotices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fail = (failure: string) => (caught: unknown) =>
    push({ type: 'error', message: errorMessage(caught, failure) });

  const regenerate = () =>
    modals.openConfirmModal({
      title: 'New General Access Link',
      children: (
        <Text size="sm">Make a new general access link? Everyone holding the current one loses access.</Text>
      ),
      labels: { confirm: 'New Link', cancel: 'Cancel' },
      onConfirm: () =>
        api
          .regenerateCode(room.id)
          .then((link) => {
            queryClient.setQueryData(roomKeys.codeLink(companyId, room.id), link);
            push({ type: 'success', message: ROOM_TOASTS.newLink });
          })
          .catch(fail(ROOM_FAILURES.createRoom)),
    });

  const remove = () =>
    modals.openConfirmModal({
      title: 'Delete Room',
      children: (
        <Text size="sm">
          Delete {room.label}? Its links, documents list and tables go with it; the files stay in the File
          Cabinet.
        </Text>
      ),
      labels: { confirm: 'Delete Room', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        api
          .remove(room.id)
          .then(async () => {
            push({ type: 'success', message: 'Room deleted.' });
            navigate(`/c/${companyId}/rooms`);
            await queryClient.invalidateQueries({ queryKey: roomKeys.all(companyId) });
          })
          .catch(fail(ROOM_FAILURES.update)),
    });

  return (
    <Group gap="sm">
      <Button variant="subtle" leftSection={<IconRefresh size={16} />} onClick={regenerate}>
        New General Access Link
      </Button>
      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={remove}>
        Delete Room
      </Button>
    </Group>
  );
}
