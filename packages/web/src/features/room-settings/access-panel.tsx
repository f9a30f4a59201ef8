import { INVITE_ONLY_UNAVAILABLE, ROOM_ACCESS, ROOM_STATUSES } from '@charter/domain';
import { Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import type { RoomSettingsActions, RoomSettingsRoom, RoomUpdate } from './api.ts';
import { NdaPicker } from './nda-picker.tsx';

export type AccessMode = keyof typeof ROOM_ACCESS;

/** Spec 3 §4: Private (closed), Open, Sign-in Required (open and require_auth), Invite Only (strict). */
export function accessModeOf(room: Pick<RoomSettingsRoom, 'open' | 'require_auth' | 'strict'>): AccessMode {
  if (room.strict) return 'inviteOnly';
  if (!room.open) return 'private';
  return room.require_auth ? 'signIn' : 'open';
}

/** The PUT body for a new mode; turning a closed room open again sends init_room (spec 3 §4). */
export function accessUpdate(room: RoomSettingsRoom, mode: AccessMode): RoomUpdate {
  if (mode === 'private') return { open: false };
  const body: RoomUpdate = { open: true, require_auth: mode === 'signIn' };
  if (!room.open) body.init_room = true;
  return body;
}

const REMOVE_STATUS = '__remove__';

/** Room status choices: any but the current one, and Remove Status when one is set. */
export function statusChoices(current: string) {
  const choices = ROOM_STATUSES.filter((s) => s !== current).map((s) => ({ value: s, label: s }));
  return current ? [...choices, { value: REMOVE_STATUS, label: 'Remove Status' }] : choices;
}

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
  const modes = (Object.keys(ROOM_ACCESS) as AccessMode[]).map((mode) => ({
    value: mode,
    label: ROOM_ACCESS[mode],
    disabled: mode === 'inviteOnly',
  }));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>Room Sharing & Access</Title>
        <Select
          label="Access"
          data={modes}
          value={accessModeOf(room)}
          allowDeselect={false}
          disabled={actions.update.isPending}
          onChange={(mode) => mode && save(accessUpdate(room, mode as AccessMode))}
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              {option.disabled && (
                <Text size="xs" c="dimmed">
                  {INVITE_ONLY_UNAVAILABLE}
                </Text>
              )}
            </Stack>
          )}
        />
        {room.type !== null && (
          <Select
            label="Room Status"
            placeholder={room.status || 'No status'}
            data={statusChoices(room.status)}
            value={null}
            onChange={(status) => status && save({ status: status === REMOVE_STATUS ? '' : status })}
            description={room.status ? `Current: ${room.status}` : undefined}
          />
        )}
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
