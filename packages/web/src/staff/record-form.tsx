import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../api/api-error.ts';

export type FieldSpec = {
  name: string;
  label: string;
  kind?: 'text' | 'checkbox' | 'json' | 'select';
  required?: boolean;
  description?: string;
  /** The choices of a select (value, label); empty picks none. */
  options?: { value: string; label: string }[];
};
export type FormValues = Record<string, string | boolean>;

/**
 * A create/edit modal for the console's records (brands, partners): plain fields, the server's field
 * messages shown under each field, its other message above the buttons.
 */
export function RecordForm({
  title,
  fields,
  initial,
  onSubmit,
  onClose,
}: {
  title: string;
  fields: FieldSpec[];
  initial: FormValues;
  onSubmit: (values: FormValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<FormValues>(initial);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const fieldErrors = error instanceof ApiError ? error.fields : {};
  const set = (name: string, value: string | boolean) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {fields.map((field) => {
            const fieldError =
              fieldErrors[field.name] ??
              Object.entries(fieldErrors).find(([k]) => k.startsWith(`${field.name}.`))?.[1];
            if (field.kind === 'checkbox') {
              return (
                <Checkbox
                  key={field.name}
                  label={field.label}
                  checked={Boolean(values[field.name])}
                  onChange={(event) => set(field.name, event.currentTarget.checked)}
                />
              );
            }
            if (field.kind === 'select') {
              return (
                <Select
                  key={field.name}
                  label={field.label}
                  description={field.description}
                  data={field.options ?? []}
                  clearable
                  value={String(values[field.name] ?? '') || null}
                  onChange={(value) => set(field.name, value ?? '')}
                  error={fieldError}
                />
              );
            }
            const Input = field.kind === 'json' ? Textarea : TextInput;
            return (
              <Input
                key={field.name}
                label={field.label}
                description={field.description}
                required={field.required}
                value={String(values[field.name] ?? '')}
                onChange={(event) => set(field.name, event.currentTarget.value)}
                error={fieldError}
                {...(field.kind === 'json'
                  ? { autosize: true, minRows: 3, styles: { input: { fontFamily: 'monospace' } } }
                  : {})}
              />
            );
          })}
          {error && Object.keys(fieldErrors).length === 0 ? (
            <Alert color="red" role="alert">
              {errorMessage(error, 'Could not save.')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The JSON of a textarea, or a field error the form shows like the server's. */
export function parseJsonField(name: string, text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the error
  }
  throw new ApiError(400, {
    code: 'VALIDATION_ERROR',
    message: 'Enter a JSON object',
    fields: { [name]: 'Enter a JSON object' },
  });
}
