import { FIELD_KINDS, type FieldKind } from '@charter/domain';
import { Badge, Button, Group, Select, Text } from '@mantine/core';
import {
  type Icon,
  IconAbc,
  IconCalendar,
  IconCheckbox,
  IconLetterCase,
  IconSignature,
  IconUser,
} from '@tabler/icons-react';
import { KIND_LABELS } from './field-box.tsx';

const KIND_ICONS: Record<FieldKind, Icon> = {
  signature: IconSignature,
  initials: IconLetterCase,
  date: IconCalendar,
  text: IconAbc,
  checkbox: IconCheckbox,
  name: IconUser,
};

type Props = {
  owners: { value: string; label: string }[];
  owner: string | null;
  onOwner: (value: string) => void;
  /** The colour of the chosen owner's fields. */
  ownerColor: string;
  kind: FieldKind;
  onKind: (kind: FieldKind) => void;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
};

/** What a click on a page places (a field of this kind, for this signer), and Save. */
export function FieldToolbar({
  owners,
  owner,
  onOwner,
  ownerColor,
  kind,
  onKind,
  dirty,
  saving,
  onSave,
}: Props) {
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Select
          size="sm"
          aria-label="Fields for"
          placeholder={owners.length ? 'Fields for…' : 'Add a signer first'}
          data={owners}
          value={owner}
          onChange={(value) => value && onOwner(value)}
          allowDeselect={false}
          disabled={owners.length === 0}
          w={220}
          leftSection={
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: 5,
                background: `var(--mantine-color-${ownerColor}-6)`,
              }}
            />
          }
        />
        <div role="group" aria-label="Field kind">
          <Button.Group>
            {FIELD_KINDS.map((k) => {
              const KindIcon = KIND_ICONS[k];
              return (
                <Button
                  key={k}
                  size="xs"
                  h={36}
                  variant={k === kind ? 'filled' : 'default'}
                  aria-pressed={k === kind}
                  leftSection={<KindIcon size={14} />}
                  onClick={() => onKind(k)}
                >
                  {KIND_LABELS[k]}
                </Button>
              );
            })}
          </Button.Group>
        </div>
      </Group>
      <Group gap="sm">
        {dirty ? (
          <Badge color="yellow" variant="light">
            Unsaved changes
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            All changes saved
          </Text>
        )}
        <Button size="sm" onClick={onSave} loading={saving} disabled={!dirty}>
          Save fields
        </Button>
      </Group>
    </Group>
  );
}
