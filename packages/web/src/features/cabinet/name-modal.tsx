import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';

type Props = {
  title: string;
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
  /** A message for a name the server would refuse, shown before asking it. */
  validate?: (name: string) => string | null;
};

export const NAME_REQUIRED = 'Enter a name.';
const SAVE_FAILED = 'An error has occurred.';

/** Asks for a name (new folder, rename) and shows the server's refusal under the field. */
export function NameModal({ title, label, submitLabel, initial = '', onSubmit, onClose, validate }: Props) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const refused = name.trim() ? (validate?.(name) ?? null) : NAME_REQUIRED;
    if (refused) {
      setError(refused);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, SAVE_FAILED));
      setPending(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={label}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
