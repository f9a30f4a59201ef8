import {
  historyItem,
  ROOM_HISTORY_SORTS,
  ROOM_MESSAGES,
  type RoomHistorySort,
  type RoomUserView,
} from '@charter/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { saveBlob } from '../../ui/save-blob.ts';
import { historyCsvBlob, type RoomSettingsActions, useRoomHistory } from './api.ts';

export const HISTORY_SORT_LABELS: Record<RoomHistorySort, string> = {
  latest: 'Latest',
  'document-views': 'Document Views',
  downloads: 'Downloads',
  'room-visits': 'Room Visits',
  'form-visits': 'Form Visits',
  date: 'Date',
};

const ACTION_LABELS: Record<string, string> = {
  visit: 'Visited the room',
  view: 'Viewed',
  download: 'Downloaded',
  form: 'Opened a form',
  nda: 'Signed the NDA',
};

type Props = {
  companyId: number;
  roomId: number;
  roomLabel: string;
  /** The user whose history shows, or null for the whole room's. */
  user: RoomUserView | null;
  opened: boolean;
  onClose: () => void;
  actions: RoomSettingsActions;
  onFailed: (error: unknown) => void;
};

/** A room user's history (spec 3 §2), in the spec's sorts, a page at a time, with CSV download. */
export function HistoryModal({
  companyId,
  roomId,
  roomLabel,
  user,
  opened,
  onClose,
  actions,
  onFailed,
}: Props) {
  const [sort, setSort] = useState<RoomHistorySort>('latest');
  const [showHidden, setShowHidden] = useState(false);
  const visitorId = user?.id ?? null;
  const history = useRoomHistory(companyId, roomId, visitorId, sort, showHidden);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const name = user?.name ?? roomLabel;
  const download = async () => {
    try {
      const csv = await historyCsvBlob(companyId, roomId, visitorId, sort, showHidden);
      saveBlob(csv, `${name} history.csv`);
    } catch (error) {
      onFailed(error);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`History: ${name}`} size="xl">
      <Stack gap="sm">
        <Group justify="space-between">
          <Select
            aria-label="Sort history"
            size="xs"
            w={180}
            allowDeselect={false}
            value={sort}
            data={ROOM_HISTORY_SORTS.map((value) => ({ value, label: HISTORY_SORT_LABELS[value] }))}
            onChange={(value) => value && setSort(value as RoomHistorySort)}
          />
          <Group gap="sm">
            <Checkbox
              size="xs"
              label="Show hidden entries"
              checked={showHidden}
              onChange={(event) => setShowHidden(event.currentTarget.checked)}
            />
            <Button size="xs" variant="light" onClick={download}>
              Download CSV
            </Button>
          </Group>
        </Group>
        {history.isPending && <Loader size="sm" />}
        {history.isError && (
          <Alert color="red">{errorMessage(history.error, 'failed to fetch Room history')}</Alert>
        )}
        {history.isSuccess && entries.length === 0 && <Text size="sm">{ROOM_MESSAGES.noHistory(name)}</Text>}
        {entries.length > 0 && (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                {user === null && <Table.Th>User</Table.Th>}
                <Table.Th>Action</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr
                  key={entry.id}
                  data-testid="history-entry"
                  c={entry.hidden_at ? 'dimmed' : undefined}
                >
                  <Table.Td>{new Date(entry.created_at).toLocaleString('en-US')}</Table.Td>
                  {user === null && <Table.Td>{entry.user?.name ?? '--'}</Table.Td>}
                  <Table.Td>{ACTION_LABELS[entry.action] ?? entry.action}</Table.Td>
                  <Table.Td>{historyItem(entry)}</Table.Td>
                  <Table.Td>
                    {entry.hidden_at ? (
                      <Badge size="sm" variant="light" color="gray">
                        Hidden
                      </Badge>
                    ) : (
                      // An audit trail: the entry leaves this list, the record stays (Show hidden entries).
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label="Hide entry"
                        onClick={() => actions.removeEntry.mutate(entry.id, { onError: onFailed })}
                      >
                        Hide
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {history.hasNextPage && (
          <Button
            variant="subtle"
            size="xs"
            loading={history.isFetchingNextPage}
            onClick={() => history.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
