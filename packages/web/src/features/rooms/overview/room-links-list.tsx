import type { RoomLinkView } from '@charter/domain';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';
import { MoveButtons } from './move-buttons.tsx';

export type RoomLinkActions = {
  onEdit: (link: RoomLinkView) => void;
  onRemove: (link: RoomLinkView) => void;
  onMove: (link: RoomLinkView, direction: -1 | 1) => void;
};

/** A room's links with their count (spec 3 §2); edit mode gives edit, move up, move down and remove. */
export function RoomLinksList({ links, actions }: { links: RoomLinkView[]; actions?: RoomLinkActions }) {
  return (
    <Stack gap="xs" component="section" aria-label="Links">
      <Group gap="xs">
        <Text fw={600}>Links</Text>
        <Badge variant="light" size="sm">
          {links.length}
        </Badge>
      </Group>
      {links.map((link, index) => (
        <Paper key={link.id} withBorder radius="sm" px="sm" py={6}>
          <Group justify="space-between" wrap="nowrap">
            <Anchor href={link.link} target="_blank" rel="noopener noreferrer" size="sm" truncate>
              <Group gap={6} wrap="nowrap">
                <IconExternalLink size={16} aria-hidden />
                {link.label}
              </Group>
            </Anchor>
            {actions ? (
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${link.label}`}
                    onClick={() => actions.onEdit(link)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <MoveButtons
                  label={link.label}
                  first={index === 0}
                  last={index === links.length - 1}
                  onMove={(direction) => actions.onMove(link, direction)}
                />
                <Tooltip label="Remove">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${link.label}`}
                    onClick={() => actions.onRemove(link)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ) : null}
          </Group>
        </Paper>
      ))}
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          No links yet.
        </Text>
      ) : null}
    </Stack>
  );
}
