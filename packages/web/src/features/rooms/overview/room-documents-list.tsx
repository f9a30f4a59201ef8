import type { RoomDocumentView } from '@charter/domain';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileText, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MoveButtons } from './move-buttons.tsx';

/** What an admin may do to a document in edit mode (absent: the list is read-only). */
export type RoomDocumentActions = {
  onRename: (doc: RoomDocumentView) => void;
  onRemove: (doc: RoomDocumentView) => void;
  onMove: (doc: RoomDocumentView, direction: -1 | 1) => void;
};

/**
 * A room's documents (All Documents, or Documents Requiring Signature), props only: the admin page and
 * the visitor page both draw it. `onOpen` opens a document (a preview); actions appear in edit mode;
 * `extra` is drawn at the end of each row (the visitor's Download). Callbacks get the documents as given
 * (the visitor's carry what it may do with them).
 */
export function RoomDocumentsList<D extends RoomDocumentView>({
  title,
  documents,
  onOpen,
  actions,
  emptyText,
  extra,
}: {
  title: string;
  documents: D[];
  onOpen?: (doc: D) => void;
  actions?: RoomDocumentActions;
  emptyText?: string;
  extra?: (doc: D) => ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group gap="xs">
        <Text fw={600}>{title}</Text>
        <Badge variant="light" size="sm">
          {documents.length}
        </Badge>
      </Group>
      {documents.length === 0 && emptyText ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : null}
      {documents.map((doc, index) => (
        <Paper key={doc.id} withBorder radius="sm" px="sm" py={6}>
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFileText size={18} aria-hidden />
              <Stack gap={0} style={{ minWidth: 0 }}>
                {onOpen ? (
                  <Text
                    component="button"
                    type="button"
                    size="sm"
                    c="blue"
                    truncate
                    onClick={() => onOpen(doc)}
                    style={{
                      background: 'none',
                      border: 0,
                      padding: 0,
                      cursor: 'pointer',
                      textAlign: 'left',
                    }}
                  >
                    {doc.label}
                  </Text>
                ) : (
                  <Text size="sm" truncate>
                    {doc.label}
                  </Text>
                )}
                {doc.filename !== doc.label ? (
                  <Text size="xs" c="dimmed" truncate>
                    {doc.filename}
                  </Text>
                ) : null}
              </Stack>
              {doc.requires_signature ? (
                <Badge color="orange" variant="light" size="sm">
                  Requires signature
                </Badge>
              ) : null}
            </Group>
            {extra?.(doc)}
            {actions ? (
              <Group gap={4} wrap="nowrap">
                <MoveButtons
                  label={doc.label}
                  first={index === 0}
                  last={index === documents.length - 1}
                  onMove={(direction) => actions.onMove(doc, direction)}
                />
                <Tooltip label="Rename">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Rename ${doc.label}`}
                    onClick={() => actions.onRename(doc)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Remove">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${doc.label}`}
                    onClick={() => actions.onRemove(doc)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ) : null}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
