import { ActionIcon, Avatar, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowRight, IconStar, IconStarFilled } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Workspace } from './types.ts';

type Props = {
  workspace: Workspace;
  current: boolean;
  opening: boolean;
  savingDefault: boolean;
  onOpen: () => void;
  onToggleDefault: () => void;
};

export function WorkspaceCard({
  workspace,
  current,
  opening,
  savingDefault,
  onOpen,
  onToggleDefault,
}: Props) {
  const name = workspace.name || workspace.company_name;
  const defaultLabel = workspace.preferred ? `Remove ${name} as default` : `Make ${name} default`;
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs" aria-label={name} component="article">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar src={workspace.logo_url} name={name} color="initials" radius="md" size={44} />
          <Stack gap={2} miw={0}>
            <Text fw={600} truncate>
              {name}
            </Text>
            <Text fz="xs" c="dimmed">
              Created {dayjs(workspace.created_at).format('MMM D, YYYY')}
            </Text>
          </Stack>
        </Group>
        <Tooltip label={workspace.preferred ? 'Remove as default' : 'Make default'}>
          <ActionIcon
            variant="subtle"
            color={workspace.preferred ? 'yellow' : 'gray'}
            onClick={onToggleDefault}
            loading={savingDefault}
            aria-label={defaultLabel}
            aria-pressed={workspace.preferred}
          >
            {workspace.preferred ? <IconStarFilled size={18} /> : <IconStar size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group justify="space-between" mt="lg">
        <Group gap={6}>
          {workspace.preferred && (
            <Badge variant="light" color="yellow">
              Default
            </Badge>
          )}
          {current && (
            <Badge variant="light" color="teal">
              Current
            </Badge>
          )}
        </Group>
        <Button
          size="xs"
          rightSection={<IconArrowRight size={14} />}
          onClick={onOpen}
          loading={opening}
          aria-label={`Open ${name}`}
        >
          Open
        </Button>
      </Group>
    </Card>
  );
}
