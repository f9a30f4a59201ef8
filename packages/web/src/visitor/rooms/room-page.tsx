import type { GuestRoomDocumentView, GuestRoomView } from '@charter/domain';
import { OVERVIEW_SCROLL_DELAY_MS, ROOM_MESSAGES, VISITOR_MESSAGES } from '@charter/domain';
import {
  Alert,
  Anchor,
  Badge,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { RoomOverviewSections } from '../../features/rooms/overview/room-overview.tsx';
import { BrandMark } from '../../ui/brand-mark.tsx';
import { NdaGate } from './nda-gate.tsx';
import { DownloadButton, RoomDocumentList, RoomLinkList } from './room-documents.tsx';
import { RoomFormList, useRoomForms } from './room-forms.tsx';
import { INVITE_NOTICE_MS, type RoomLocationState } from './room-messages.ts';
import { PrivateRoom, RevokedRoom, RoomError, SignInPrompt } from './room-states.tsx';
import { useGuestRoom } from './use-guest-room.ts';
import { VerifyEmailForm } from './verify-email-form.tsx';

const RoomPreviewModal = lazy(() => import('./room-preview-modal.tsx'));
// The report tables pull the table and papaparse: loaded only for a room that has them.
const RoomReports = lazy(() =>
  import('../../features/reports/room-reports.tsx').then((m) => ({ default: m.RoomReports })),
);

function Reports({ room }: { room: GuestRoomView }) {
  if (room.overview.reports.length === 0) return null;
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading reports" />}>
      <RoomReports tables={room.overview.reports} />
    </Suspense>
  );
}

/** A redeemed or refused invite's message, carried here by the invite page, for 12.5 s. */
function InviteNotice() {
  const location = useLocation();
  const [notice, setNotice] = useState((location.state as RoomLocationState)?.notice ?? null);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), INVITE_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  if (!notice) return null;
  return (
    <Alert color="yellow" withCloseButton onClose={() => setNotice(null)} role="status">
      {notice}
    </Alert>
  );
}

/** Spec 3 §2: #reports, #documents or #links scroll to that section 1.25 s after the room loads. */
function useScrollToHash() {
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (!id) return;
    const timer = window.setTimeout(
      () => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' }),
      OVERVIEW_SCROLL_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);
}

function RoomView({ code, room, reload }: { code: string; room: GuestRoomView; reload: () => void }) {
  const [preview, setPreview] = useState<GuestRoomDocumentView | null>(null);
  const gated = room.nda.required && room.nda.status !== 'signed';
  const forms = useRoomForms(code, !gated);
  const fresh = room.documents.filter((document) => document.is_new);
  // The overview lists the room's documents as sent (each once, with this viewer's marks).
  const openFromOverview = (document: GuestRoomDocumentView) => {
    if (document.file_id) setPreview(document);
  };
  useScrollToHash();
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <BrandMark />
          {room.viewer.email && (
            <Text size="sm" c="dimmed">
              {room.viewer.email}
            </Text>
          )}
        </Group>
        <InviteNotice />
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {room.room.label}
          </Title>
          {room.room.status && <Badge variant="light">{room.room.status}</Badge>}
        </Group>
        {room.viewer.admin_path && (
          <Text size="sm">
            You are an admin of this room. <Anchor href={room.viewer.admin_path}>Edit Room</Anchor>
          </Text>
        )}
        {room.viewer.kind === 'visitor' && !room.viewer.email && <VerifyEmailForm code={code} />}
        {gated ? (
          <NdaGate code={code} room={room} onChanged={reload} />
        ) : (
          <Tabs defaultValue="overview" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab
                value="overview"
                rightSection={
                  room.signature_count > 0 ? (
                    <Badge size="xs" circle aria-label="Documents requiring signature">
                      {room.signature_count}
                    </Badge>
                  ) : null
                }
              >
                Overview
              </Tabs.Tab>
              {room.documents.length > 0 && <Tabs.Tab value="documents">Documents</Tabs.Tab>}
              {room.links.length > 0 && <Tabs.Tab value="links">Links</Tabs.Tab>}
              {room.overview.reports.length > 0 && <Tabs.Tab value="reports">Reports</Tabs.Tab>}
              {forms.length > 0 && <Tabs.Tab value="forms">Connected Form</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="overview" pt="md">
              <Stack gap="lg">
                {fresh.length > 0 && (
                  <RoomDocumentList
                    code={code}
                    title="New since your last visit"
                    documents={fresh}
                    onPreview={setPreview}
                  />
                )}
                <RoomOverviewSections
                  overview={{ ...room.overview, documents: room.documents }}
                  onOpenDocument={openFromOverview}
                  documentExtra={(document) => <DownloadButton code={code} document={document} />}
                  reports={<Reports room={room} />}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="documents" pt="md">
              <RoomDocumentList
                code={code}
                title="Documents"
                documents={room.documents}
                onPreview={setPreview}
              />
            </Tabs.Panel>
            <Tabs.Panel value="links" pt="md">
              <RoomLinkList links={room.links} />
            </Tabs.Panel>
            <Tabs.Panel value="reports" pt="md">
              <Reports room={room} />
            </Tabs.Panel>
            <Tabs.Panel value="forms" pt="md">
              <RoomFormList code={code} forms={forms} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
      {preview && (
        <Suspense fallback={null}>
          <RoomPreviewModal code={code} document={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </Container>
  );
}

/** /data-room/{code}/overview (and the older /data-room/v1/{code}/overview): the room as this visitor sees it. */
export function RoomPage() {
  const { code = '' } = useParams();
  const state = useGuestRoom(code);
  if (state.status === 'loading') {
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading room" />
      </Center>
    );
  }
  if (state.status === 'ready') return <RoomView code={code} room={state.room} reload={state.reload} />;
  const { error } = state;
  if (error.status === 404) return <RevokedRoom />;
  // A Private room: signing in would not let this visitor in, so nothing asks them to.
  if (error.message === VISITOR_MESSAGES.privateRoom) return <PrivateRoom />;
  if (error.code === 'UNAUTHORIZED' || (error.code === 'FORBIDDEN' && error.message.includes('Sign In'))) {
    return <SignInPrompt code={code} message={error.message} />;
  }
  return <RoomError message={error.hasServerMessage ? error.message : ROOM_MESSAGES.fetchFailed} />;
}

/** /data-room/{code} and any unknown sub-path: the overview (spec 3 §2). */
export function RoomRedirect() {
  const { code = '' } = useParams();
  return <Navigate to={`/data-room/${code}/overview${window.location.hash}`} replace />;
}
