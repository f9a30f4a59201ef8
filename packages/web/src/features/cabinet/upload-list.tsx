import { CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { UploadEntry } from './use-uploads.ts';

type Props = { entries: UploadEntry[]; busy: boolean; onClear: () => void };

/** Each file of the current upload with its progress, then whether it arrived or why not. */
export function UploadList({ entries, busy, onClear }: Props) {
  if (entries.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Uploading">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Uploading</Text>
          {!busy && <CloseButton size="sm" aria-label="Dismiss uploads" onClick={onClear} />}
        </Group>
        {entries.map((entry) => (
          <Stack key={entry.key} gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {entry.filename}
              </Text>
              {entry.status === 'done' && (
                <Group gap={4} c="teal" wrap="nowrap">
                  <IconCheck size={14} />
                  <Text size="xs">Done</Text>
                </Group>
              )}
            </Group>
            <Progress
              aria-label={`Upload progress of ${entry.filename}`}
              value={entry.progress}
              color={entry.status === 'error' ? 'red' : entry.status === 'done' ? 'teal' : undefined}
              size="sm"
            />
            {entry.status === 'error' && (
              <Text size="xs" c="red">
                {entry.error}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
