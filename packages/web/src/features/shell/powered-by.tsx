import { Group, Text } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';

/** The 'Powered By' Charter mark at the foot of the sidebar. */
export function PoweredBy({ compact }: { compact: boolean }) {
  return (
    <Group gap={6} justify="center" wrap="nowrap" py={4} aria-label="Powered By Charter" role="note">
      {!compact && (
        <Text fz={11} c="dimmed" tt="uppercase" lts={0.5}>
          Powered By
        </Text>
      )}
      <IconScale size={16} stroke={1.8} color="var(--mantine-color-dimmed)" />
      {!compact && (
        <Text fz="sm" fw={700} c="dimmed">
          Charter
        </Text>
      )}
    </Group>
  );
}
