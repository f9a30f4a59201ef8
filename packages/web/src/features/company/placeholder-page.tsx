import { EmptyState, Paper, Stack, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';

/** A page whose area arrives in a later release: its title and an empty state. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconHourglassEmpty size={28} stroke={1.5} />}
          withIndicatorBackground
          title="Coming soon"
          description="This area arrives in a later release"
        />
      </Paper>
    </Stack>
  );
}
