import { EmptyState, Paper, Stack } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { PageTitle } from '../../ui/page-title.tsx';

/** A page whose area arrives in a later release: its title and an empty state. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
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
