import type { GuestRoomDocumentView, GuestRoomView } from '@charter/domain';
import { NDA_MESSAGES } from '@charter/domain';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { startNda } from './room-api.ts';

const RoomPreviewModal = lazy(() => import('./room-preview-modal.tsx'));

/**
 * The signing page's url with the way back to this room (`return`, a same-origin /data-room/ path the
 * signing page checks again before offering it).
 */
export function signingUrlWithReturn(url: string, roomPath: string): string {
  const target = new URL(url, window.location.origin);
  target.searchParams.set('return', roomPath);
  return target.origin === window.location.origin ? `${target.pathname}${target.search}` : target.toString();
}

/**
 * The room's NDA gate (the room's documents are withheld until it is signed): the NDA to read, and Sign NDA,
 * which sends the visitor to Charter's signing page. The room polls while the gate is up, so it opens by
 * itself once the signed NDA is sealed. A visitor without an email verifies one first.
 */
export function NdaGate({
  code,
  room,
  onChanged,
}: {
  code: string;
  room: GuestRoomView;
  onChanged: () => void;
}) {
  const [previewing, setPreviewing] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sealing, setSealing] = useState(false);
  const { nda } = room;
  const hasEmail = Boolean(room.viewer.email);
  const ndaDocument: GuestRoomDocumentView | null = nda.file_id
    ? {
        id: 0,
        label: 'NDA',
        filename: 'NDA.pdf',
        file_id: nda.file_id,
        document_id: null,
        status: null,
        requires_signature: false,
        can_download: false,
        is_new: false,
      }
    : null;

  const sign = async () => {
    setStarting(true);
    setError(null);
    try {
      const started = await startNda(code);
      if (started.url) {
        window.location.assign(signingUrlWithReturn(started.url, window.location.pathname));
        return;
      }
      if (started.status === 'pending') setSealing(true);
      onChanged();
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.hasServerMessage ? failure.message : 'An error has occurred',
      );
    } finally {
      setStarting(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" aria-label="NDA">
      <Stack gap="sm">
        <Text fw={600}>{NDA_MESSAGES.gate}</Text>
        {(sealing || (nda.status === 'pending' && !hasEmail)) && (
          <Alert color="blue" role="status">
            {NDA_MESSAGES.sealing}
          </Alert>
        )}
        {!hasEmail && <Text size="sm">{NDA_MESSAGES.needsEmail}</Text>}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group gap="sm">
          {ndaDocument && (
            <Button variant="default" onClick={() => setPreviewing(true)}>
              Read the NDA
            </Button>
          )}
          {hasEmail && (
            <Button onClick={() => void sign()} loading={starting}>
              Sign NDA
            </Button>
          )}
        </Group>
      </Stack>
      {previewing && ndaDocument && (
        <Suspense fallback={null}>
          <RoomPreviewModal code={code} document={ndaDocument} onClose={() => setPreviewing(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
