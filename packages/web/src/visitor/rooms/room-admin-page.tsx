import { Anchor, Center, Loader, Text } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { RoomFrame } from './room-states.tsx';
import { useGuestRoom } from './use-guest-room.ts';

/**
 * /data-room/{code}/settings and /reports: the room's admins manage it in the main app (a link there);
 * anyone else goes to the overview.
 */
export function RoomAdminPage() {
  const { code = '' } = useParams();
  const state = useGuestRoom(code);
  if (state.status === 'loading') {
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading room" />
      </Center>
    );
  }
  const adminPath = state.status === 'ready' ? state.room.viewer.admin_path : null;
  if (!adminPath) return <Navigate to={`/data-room/${code}/overview`} replace />;
  return (
    <RoomFrame>
      <Text>Room settings, sharing and reports are managed in your workspace.</Text>
      <Anchor href={adminPath}>Open {state.status === 'ready' ? state.room.room.label : 'the room'}</Anchor>
    </RoomFrame>
  );
}
