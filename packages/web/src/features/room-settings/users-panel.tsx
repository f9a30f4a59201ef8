import {
  countOf,
  ROOM_SETTINGS_USERS_SHOWN,
  type RoomCodeView,
  type RoomUserSort,
  type RoomUserView,
} from '@charter/domain';
import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { RoomSettingsActions } from './api.ts';

export const USER_SORT_LABELS: Record<RoomUserSort, string> = {
  'last-visited': 'Last Visited',
  name: 'Name',
  'date-added': 'Date Added',
};

/** One line of the list: a visitor, or a personal link no visitor has used yet. */
export type ListEntry = { kind: 'user'; user: RoomUserView } | { kind: 'link'; code: RoomCodeView };

/** Visitors in the server's order, then the personal links whose address no visitor has. */
export function listEntries(users: RoomUserView[], codes: RoomCodeView[]): ListEntry[] {
  const seen = new Set(users.map((u) => u.email?.toLowerCase()).filter(Boolean));
  return [
    ...users.map((user): ListEntry => ({ kind: 'user', user })),
    ...codes
      .filter((c) => !seen.has(c.email.toLowerCase()))
      .map((code): ListEntry => ({ kind: 'link', code })),
  ];
}

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US') : '--');

type Props = {
  users: RoomUserView[];
  /** How many users the room has (the list holds the first page of them). */
  total: number;
  codes: RoomCodeView[];
  sort: RoomUserSort;
  onSort: (sort: RoomUserSort) => void;
  actions: RoomSettingsActions;
  onShare: () => void;
  onHistory: (user: RoomUserView) => void;
  onDone: (message: string) => void;
  onFailed: (error: unknown) => void;
};

/** The user and personal-link list: first 4, then 'Show N more users' (spec 3 §9). */
export function UsersPanel({
  users,
  total,
  codes,
  sort,
  onSort,
  actions,
  onShare,
  onHistory,
  onDone,
  onFailed,
}: Props) {
  const [expanded, setExpanded] = useState(false);
  const entries = listEntries(users, codes);
  const shown = expanded ? entries : entries.slice(0, ROOM_SETTINGS_USERS_SHOWN);
  const hidden = entries.length - shown.length;
  const done = { onSuccess: (r: { message: string }) => onDone(r.message), onError: onFailed };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Users</Title>
          <Group gap="xs">
            <Select
              aria-label="Sort users"
              size="xs"
              w={150}
              allowDeselect={false}
              value={sort}
              data={Object.entries(USER_SORT_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(value) => value && onSort(value as RoomUserSort)}
            />
            <Button size="xs" onClick={onShare}>
              Share Personal Room Link
            </Button>
          </Group>
        </Group>
        {entries.length === 0 && (
          <Text size="sm" c="dimmed">
            No one has visited this room yet.
          </Text>
        )}
        {shown.map((entry) =>
          entry.kind === 'user' ? (
            <Group key={`u${entry.user.id}`} justify="space-between" wrap="nowrap" data-testid="room-user">
              <Stack gap={0}>
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {entry.user.name}
                  </Text>
                  {entry.user.disconnected_at && <Badge color="gray">Disconnected</Badge>}
                </Group>
                <Text size="xs" c="dimmed">
                  {[
                    entry.user.email === entry.user.name ? null : entry.user.email,
                    countOf(entry.user.times_visited, 'visit'),
                    `last visited ${date(entry.user.last_visited)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Button size="compact-xs" variant="light" onClick={() => onHistory(entry.user)}>
                  History
                </Button>
                {!entry.user.anonymous && !entry.user.disconnected_at && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => actions.disconnect.mutate(entry.user.id, done)}
                  >
                    Disconnect
                  </Button>
                )}
              </Group>
            </Group>
          ) : (
            <Group key={`c${entry.code.id}`} justify="space-between" wrap="nowrap" data-testid="room-link">
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {entry.code.email}
                </Text>
                <Text size="xs" c="dimmed">
                  Personal link sent {date(entry.code.created_at)}
                </Text>
              </Stack>
              {entry.code.revoked_at ? (
                <Badge color="gray">Revoked</Badge>
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <Badge color={entry.code.redeemed_at ? 'green' : 'blue'}>
                    {entry.code.redeemed_at ? 'Redeemed' : 'Pending'}
                  </Badge>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => actions.revoke.mutate(entry.code.id, done)}
                  >
                    Revoke
                  </Button>
                </Group>
              )}
            </Group>
          ),
        )}
        {hidden > 0 && (
          <Button variant="subtle" size="xs" onClick={() => setExpanded(true)}>
            {`Show ${countOf(hidden, 'more user')}`}
          </Button>
        )}
        {expanded && total > users.length && (
          <Text
            size="xs"
            c="dimmed"
          >{`Showing the first ${users.length} of ${countOf(total, 'user')} in this order.`}</Text>
        )}
        {expanded && entries.length > ROOM_SETTINGS_USERS_SHOWN && (
          <Button variant="subtle" size="xs" onClick={() => setExpanded(false)}>
            Show fewer users
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
