import { Group, Loader, Text } from '@mantine/core';

/** "Saving…" beside a form while its answers are being saved, announced politely. */
export function SavingNotice() {
  return (
    <Group gap={6} aria-live="polite">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        Saving…
      </Text>
    </Group>
  );
}
