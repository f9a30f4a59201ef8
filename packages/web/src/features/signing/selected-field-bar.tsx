import { Button, Group, Select, Switch, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { KIND_LABELS } from './field-box.tsx';
import type { DraftField } from './field-draft.ts';

type Props = {
  field: DraftField;
  owners: { value: string; label: string }[];
  owner: string;
  onOwner: (value: string) => void;
  onRequired: (required: boolean) => void;
  onRemove: () => void;
};

/** The selected field: whose it is, whether it must be filled, and its removal. */
export function SelectedFieldBar({ field, owners, owner, onOwner, onRequired, onRemove }: Props) {
  // A role the list does not offer (its signer was removed) is still shown as it is.
  const data = owners.some((o) => o.value === owner) ? owners : [...owners, { value: owner, label: owner }];
  return (
    <Group gap="md" align="center" wrap="wrap" role="group" aria-label="Selected field">
      <Text size="sm" fw={500}>
        {KIND_LABELS[field.kind]} field on page {field.page + 1}
      </Text>
      <Select
        size="xs"
        aria-label="Selected field is for"
        data={data}
        value={owner}
        onChange={(value) => value && onOwner(value)}
        allowDeselect={false}
        w={230}
      />
      <Switch
        size="sm"
        label="Required"
        checked={field.required}
        onChange={(e) => onRequired(e.currentTarget.checked)}
      />
      <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={onRemove}>
        Delete field
      </Button>
    </Group>
  );
}
