import type { RoomCodeLink } from '@charter/domain';
import { ROOM_MESSAGES, type RoomView } from '@charter/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { apiFetch } from '../../api/client.ts';
import { usePageTitle } from '../../app/document-title.ts';
import { useNotices } from '../../app/notices.tsx';
import { roomKeys } from './api.ts';
import { ROOM_FAILURES, ROOM_TOASTS, ROOM_TYPE_LABELS } from './messages.ts';

/**
 * The room header (spec 3 §2): the editable name, Edit Room / Preview Room and Copy General Access Link
 * for the room's admins. An empty name is refused and the old one restored; an unchanged one just closes.
 */
export function RoomHeader({
  companyId,
  room,
  editing,
  onEditingChange,
  onRename,
}: {
  companyId: number;
  room: RoomView;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onRename: (label: string) => Promise<unknown>;
}) {
  usePageTitle(room.label);
  const { push } = useNotices();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (draft === null) return;
    const label = draft.trim();
    if (label === room.label) return setDraft(null);
    if (!label) {
      push({ type: 'error', message: ROOM_MESSAGES.emptyName });
      setDraft(null);
      return;
    }
    try {
      await onRename(label);
      setDraft(null);
      setError(null);
    } catch (caught) {
      setError(errorMessage(caught, ROOM_FAILURES.update));
    }
  };

  const copyLink = async () => {
    try {
      const link = await queryClient.fetchQuery({
        queryKey: roomKeys.codeLink(companyId, room.id),
        queryFn: () =>
          apiFetch<RoomCodeLink>(`/api/account/admin/room/${room.id}/code-link`, { accountId: companyId }),
      });
      await navigator.clipboard.writeText(link.url);
      push({ type: 'success', message: ROOM_TOASTS.linkCopied });
    } catch (caught) {
      push({ type: 'error', message: errorMessage(caught, ROOM_FAILURES.getLink) });
    }
  };

  return (
    <Group justify="space-between" align="flex-start">
      <Group gap="xs" align="center">
        {draft === null ? (
          <>
            <Title order={1} size="h2">
              {room.label}
            </Title>
            {editing ? (
              <Tooltip label="Rename room">
                <ActionIcon variant="subtle" aria-label="Rename room" onClick={() => setDraft(room.label)}>
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Group gap={4}>
              <TextInput
                aria-label="Room name"
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                onKeyDown={(e) => e.key === 'Escape' && setDraft(null)}
                error={error}
                autoFocus
                w={320}
              />
              <ActionIcon type="submit" variant="light" aria-label="Save name" size="lg">
                <IconCheck size={18} />
              </ActionIcon>
            </Group>
          </form>
        )}
        {room.type ? <Badge variant="light">{ROOM_TYPE_LABELS[room.type] ?? room.type}</Badge> : null}
        {room.status ? (
          <Badge color="grape" variant="light">
            {room.status}
          </Badge>
        ) : null}
      </Group>
      {room.abilities.edit ? (
        <Group gap="sm">
          <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => void copyLink()}>
            Copy General Access Link
          </Button>
          <SegmentedControl
            aria-label="Room mode"
            value={editing ? 'edit' : 'preview'}
            onChange={(value) => onEditingChange(value === 'edit')}
            data={[
              { value: 'edit', label: 'Edit Room' },
              { value: 'preview', label: 'Preview Room' },
            ]}
          />
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Viewing
        </Text>
      )}
    </Group>
  );
}
