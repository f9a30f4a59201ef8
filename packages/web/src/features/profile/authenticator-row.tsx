import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Authenticator } from './types.ts';

type Props = {
  authenticator: Authenticator;
  busy: boolean;
  onVerify: () => void;
  onMakePrimary: () => void;
  onRemove: () => void;
  /** No actions (staff acting as the user). */
  readOnly?: boolean;
};

export function AuthenticatorRow({
  authenticator,
  busy,
  onVerify,
  onMakePrimary,
  onRemove,
  readOnly,
}: Props) {
  const { value, priority, verified_at } = authenticator;
  const primary = priority === 0;
  return (
    <Group justify="space-between" wrap="nowrap" py="sm" aria-label={value} role="listitem">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <IconMail size={20} stroke={1.5} color="var(--mantine-color-dimmed)" />
        <Stack gap={2} miw={0}>
          <Group gap={6}>
            <Text fw={500} truncate>
              {value}
            </Text>
            {primary && <Badge size="sm">Primary</Badge>}
            <Badge size="sm" variant="light" color={verified_at ? 'teal' : 'yellow'}>
              {verified_at ? 'Verified' : 'Unverified'}
            </Badge>
          </Group>
          <Text fz="xs" c="dimmed">
            Added {dayjs(authenticator.created_at).format('MMM D, YYYY')}
          </Text>
        </Stack>
      </Group>
      {!readOnly && (
        <Group gap="xs" wrap="nowrap">
          {!verified_at && (
            <Button size="xs" variant="light" onClick={onVerify} aria-label={`Verify ${value}`}>
              Verify
            </Button>
          )}
          {verified_at && !primary && (
            <Button
              size="xs"
              variant="default"
              onClick={onMakePrimary}
              loading={busy}
              aria-label={`Make ${value} primary`}
            >
              Make Primary
            </Button>
          )}
          {!primary && (
            <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${value}`}>
              Remove
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}
