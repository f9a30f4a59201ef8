import { Group, Paper, Stack, Switch, Title } from '@mantine/core';
import { accessChange } from '../rooms/room-access.ts';
import { RoomAccessSelect, RoomStatusSelect } from '../rooms/room-access-select.tsx';
import type { RoomSettingsActions, RoomSettingsRoom, RoomUpdate } from './api.ts';
import { NdaPicker } from './nda-picker.tsx';

type Props = {
  companyId: number;
  room: RoomSettingsRoom;
  actions: RoomSettingsActions;
  onSaved: (message: string) => void;
  onFailed: (error: unknown) => void;
};

/** Room Sharing & Access, Room Status, Read Only, watermark and the NDA visitors sign first. */
export function AccessPanel({ companyId, room, actions, onSaved, onFailed }: Props) {
  const save = (body: RoomUpdate) =>
    actions.update.mutate(body, { onSuccess: () => onSaved('Room Updated.'), onError: onFailed });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>Room Sharing & Access</Title>
        <RoomAccessSelect
          room={room}
          disabled={actions.update.isPending}
          onChange={(mode) => save(accessChange(room, mode))}
        />
        <RoomStatusSelect room={room} onChange={(status) => save({ status })} />
        <Group gap="xl">
          <Switch
            label="Read Only"
            description="Visitors cannot download documents."
            checked={room.read_only}
            onChange={(e) => save({ read_only: e.currentTarget.checked })}
          />
          <Switch
            label="Watermark"
            description="Previews and downloads carry the viewer's email and the time."
            checked={room.watermark}
            onChange={(e) => save({ watermark: e.currentTarget.checked })}
          />
        </Group>
        <NdaPicker
          companyId={companyId}
          fileId={room.nda_file_id}
          onChange={(fileId) => save({ nda_file_id: fileId })}
        />
      </Stack>
    </Paper>
  );
}
