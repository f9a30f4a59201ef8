import type { RoomUserSort, RoomUserView } from '@charter/domain';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { AccessPanel } from './access-panel.tsx';
import { AnalyticsPanel } from './analytics-panel.tsx';
import {
  useRoomAnalytics,
  useRoomCodes,
  useRoomSettingsActions,
  useRoomStats,
  useSettingsRoom,
} from './api.ts';
import { HistoryModal } from './history-modal.tsx';
import { ShareLinkModal } from './share-link-modal.tsx';
import { UsersPanel } from './users-panel.tsx';

const GENERIC_ERROR = 'An error has occurred. If error persists, please contact our support.';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={label}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * A room's Settings & Sharing page (spec 3 §2): access, status and protections, visitors and personal
 * links, each user's history and what the owner learns from it. The room page's Settings tab shows it.
 */
export function RoomSettings({ companyId, roomId }: { companyId: number; roomId: number }) {
  const { push } = useNotices();
  const [sort, setSort] = useState<RoomUserSort>('last-visited');
  const [sharing, setSharing] = useState(false);
  const [historyOf, setHistoryOf] = useState<RoomUserView | null | undefined>(undefined);
  const room = useSettingsRoom(companyId, roomId);
  const stats = useRoomStats(companyId, roomId, sort);
  const codes = useRoomCodes(companyId, roomId);
  const analytics = useRoomAnalytics(companyId, roomId);
  const actions = useRoomSettingsActions(companyId, roomId);
  const saved = (message: string) => push({ type: 'success', message });
  const failed = (fallback: string) => (error: unknown) =>
    push({ type: 'error', message: errorMessage(error, fallback), error });

  if (room.isPending) return <Loader />;
  if (room.isError) {
    return (
      <Alert color="red">
        {errorMessage(
          room.error,
          'Unable to fetch Room. Please try logging back in or contact support if error persists',
        )}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>Settings & Sharing</Title>
        <Button variant="light" onClick={() => setHistoryOf(null)}>
          Room History
        </Button>
      </Group>
      <AccessPanel
        companyId={companyId}
        room={room.data}
        actions={actions}
        onSaved={saved}
        onFailed={failed('Failed to update room.')}
      />
      {stats.isError && <Alert color="red">{errorMessage(stats.error, GENERIC_ERROR)}</Alert>}
      {stats.data && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stat label="Total Visits" value={stats.data.total_visits} />
          <Stat label="Total Interactions" value={stats.data.total_interactions} />
          <Stat label="Personal Links" value={stats.data.total_private_links} />
        </SimpleGrid>
      )}
      {codes.isError && <Alert color="red">{errorMessage(codes.error, 'failed to fetch Room codes')}</Alert>}
      {stats.data && codes.data && (
        <UsersPanel
          users={stats.data.users}
          total={stats.data.users_total}
          codes={codes.data}
          sort={sort}
          onSort={setSort}
          actions={actions}
          onShare={() => setSharing(true)}
          onHistory={setHistoryOf}
          onDone={saved}
          onFailed={failed('Failed to remove user from room.')}
        />
      )}
      {analytics.data && <AnalyticsPanel analytics={analytics.data} />}
      <ShareLinkModal opened={sharing} onClose={() => setSharing(false)} actions={actions} onSent={saved} />
      {historyOf !== undefined && (
        <HistoryModal
          companyId={companyId}
          roomId={roomId}
          roomLabel={room.data.label}
          user={historyOf}
          opened
          onClose={() => setHistoryOf(undefined)}
          actions={actions}
          onFailed={failed(GENERIC_ERROR)}
        />
      )}
    </Stack>
  );
}
