import { INVITE_ONLY_UNAVAILABLE, ROOM_ACCESS, ROOM_STATUSES, type RoomView } from '@charter/domain';
import { Select } from '@mantine/core';
import { accessMode, type RoomAccessMode } from './room-access.ts';

export type RoomStatus = (typeof ROOM_STATUSES)[number] | '';

/** The access dropdown (spec 3 §4); Invite Only is shown disabled, 'Not Currently Available'. */
export function RoomAccessSelect({
  room,
  onChange,
  disabled,
}: {
  room: Pick<RoomView, 'open' | 'require_auth' | 'strict'>;
  onChange: (mode: RoomAccessMode) => void;
  disabled?: boolean;
}) {
  const data = (Object.keys(ROOM_ACCESS) as RoomAccessMode[]).map((mode) => ({
    value: mode,
    label: mode === 'inviteOnly' ? `${ROOM_ACCESS[mode]} (${INVITE_ONLY_UNAVAILABLE})` : ROOM_ACCESS[mode],
    disabled: mode === 'inviteOnly',
  }));
  return (
    <Select
      label="Room Sharing & Access"
      data={data}
      value={accessMode(room)}
      allowDeselect={false}
      disabled={disabled}
      onChange={(value) => value && value !== accessMode(room) && onChange(value as RoomAccessMode)}
      w={280}
    />
  );
}

const REMOVE = '__remove__';

/** Room Status: typed rooms only; any value but the current one, or Remove Status. */
export function RoomStatusSelect({
  room,
  onChange,
  disabled,
}: {
  room: Pick<RoomView, 'type' | 'status'>;
  onChange: (status: RoomStatus) => void;
  disabled?: boolean;
}) {
  if (!room.type) return null;
  const data = [
    ...ROOM_STATUSES.filter((s) => s !== room.status).map((s) => ({ value: s, label: s })),
    ...(room.status ? [{ value: REMOVE, label: 'Remove Status' }] : []),
  ];
  return (
    <Select
      label="Room Status"
      placeholder={room.status || 'No status'}
      data={data}
      value={null}
      disabled={disabled}
      onChange={(value) => value && onChange(value === REMOVE ? '' : (value as RoomStatus))}
      w={200}
    />
  );
}
