import { Badge, Group, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCloseModal } from '../../app/use-close-modal.ts';

type Props = { title: string; updated: string; children: ReactNode };

/** A static legal page drawn as a modal over the page it was opened from (/terms, /privacy). */
export function LegalModal({ title, updated, children }: Props) {
  const close = useCloseModal();
  return (
    <Modal
      opened
      onClose={close}
      size="lg"
      centered
      scrollAreaComponent={ScrollArea.Autosize}
      title={
        <Group gap="sm">
          <Title order={2} size="h3">
            {title}
          </Title>
          <Badge variant="light" color="gray">
            Sample text
          </Badge>
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Last updated {updated}
        </Text>
        {children}
      </Stack>
    </Modal>
  );
}

export function LegalSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {heading}
      </Title>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}
