import { ROOM_ADMIN_MESSAGES, type RoomTableField, type RoomTableView } from '@charter/domain';
import { Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { fetchFeatureChoices, fetchResources } from './api.ts';
import { TABLE_TYPES } from './messages.ts';

function useChoices(companyId: number, resourceTypeId: number | null) {
  return useQuery({
    queryKey: ['account', companyId, 'rooms', 'feature-choices', resourceTypeId],
    queryFn: () => fetchFeatureChoices(companyId, resourceTypeId ?? 0),
    enabled: resourceTypeId !== null,
  });
}

/** A modal with a submit that reports the server's refusal under its fields. */
function Dialog({
  title,
  submitLabel,
  onClose,
  onSubmit,
  children,
  error,
  pending,
}: {
  title: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
  error: string | null;
  pending: boolean;
}) {
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          {children}
          {error ? (
            <div role="alert" style={{ color: 'var(--mantine-color-red-7)', fontSize: 14 }}>
              {error}
            </div>
          ) : null}
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

/** Runs a submit: checks first, then the call, closing on success and showing the failure otherwise. */
function useSubmit(onClose: () => void, failure: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (check: string | null, call: () => Promise<unknown>) => {
    if (check) return setError(check);
    setPending(true);
    setError(null);
    try {
      await call();
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, failure));
      setPending(false);
    }
  };
  return { pending, error, run };
}

const pick = (choices: RoomTableField[], keys: string[]) => choices.filter((c) => keys.includes(c.key));

/** Add a resource table: its type, its name and at least one field. */
export function AddTableModal(props: {
  companyId: number;
  onSubmit: (body: { resource_type_id: number; label: string; fields: RoomTableField[] }) => Promise<unknown>;
  onClose: () => void;
  failure: string;
}) {
  const [type, setType] = useState<string>(TABLE_TYPES[0].value);
  const [label, setLabel] = useState('');
  const [keys, setKeys] = useState<string[]>([]);
  const choices = useChoices(props.companyId, Number(type));
  const { pending, error, run } = useSubmit(props.onClose, props.failure);
  const submit = () =>
    run(keys.length === 0 ? ROOM_ADMIN_MESSAGES.fieldsRequired : null, () =>
      props.onSubmit({
        resource_type_id: Number(type),
        label: label.trim(),
        fields: pick(choices.data ?? [], keys),
      }),
    );
  return (
    <Dialog
      title="Add Table"
      submitLabel="Add Table"
      onClose={props.onClose}
      onSubmit={() => void submit()}
      error={error}
      pending={pending}
    >
      <Select
        label="Type"
        data={TABLE_TYPES}
        value={type}
        allowDeselect={false}
        onChange={(v) => v && setType(v)}
      />
      <TextInput
        label="Name"
        placeholder="Defaults to the type"
        value={label}
        onChange={(e) => setLabel(e.currentTarget.value)}
      />
      <MultiSelect
        label="Fields"
        placeholder="Choose fields"
        data={(choices.data ?? []).map((c) => ({ value: c.key, label: c.label }))}
        value={keys}
        onChange={setKeys}
        searchable
      />
    </Dialog>
  );
}

/** Add a record: a resource of the table's type. */
export function AddRecordModal(props: {
  companyId: number;
  table: RoomTableView;
  onSubmit: (resourceId: number) => Promise<unknown>;
  onClose: () => void;
  failure: string;
}) {
  const [resource, setResource] = useState<string | null>(null);
  const resources = useQuery({
    queryKey: ['account', props.companyId, 'rooms', 'resources', props.table.resource_type_id],
    queryFn: () => fetchResources(props.companyId, props.table.resource_type_id),
  });
  const listed = new Set(props.table.rows.map((r) => r.resource_id));
  const { pending, error, run } = useSubmit(props.onClose, props.failure);
  const submit = () =>
    run(resource ? null : ROOM_ADMIN_MESSAGES.resourceRequired, () => props.onSubmit(Number(resource)));
  return (
    <Dialog
      title="Add Record"
      submitLabel="Add Record"
      onClose={props.onClose}
      onSubmit={() => void submit()}
      error={error}
      pending={pending}
    >
      <Select
        label="Resource"
        placeholder="Choose a resource"
        searchable
        data={(resources.data ?? [])
          .filter((r) => !listed.has(r.id))
          .map((r) => ({ value: String(r.id), label: r.name }))}
        value={resource}
        onChange={setResource}
      />
    </Dialog>
  );
}

/** Add fields: at least one of the type's fields the table does not show yet. */
export function AddFieldsModal(props: {
  companyId: number;
  table: RoomTableView;
  onSubmit: (fields: RoomTableField[]) => Promise<unknown>;
  onClose: () => void;
  failure: string;
}) {
  const [keys, setKeys] = useState<string[]>([]);
  const choices = useChoices(props.companyId, props.table.resource_type_id);
  const shown = new Set(props.table.fields.map((f) => f.key));
  const { pending, error, run } = useSubmit(props.onClose, props.failure);
  const submit = () =>
    run(keys.length === 0 ? ROOM_ADMIN_MESSAGES.fieldsRequired : null, () =>
      props.onSubmit(pick(choices.data ?? [], keys)),
    );
  return (
    <Dialog
      title="Add Fields"
      submitLabel="Add Fields"
      onClose={props.onClose}
      onSubmit={() => void submit()}
      error={error}
      pending={pending}
    >
      <MultiSelect
        label="Fields"
        placeholder="Choose fields"
        data={(choices.data ?? [])
          .filter((c) => !shown.has(c.key))
          .map((c) => ({ value: c.key, label: c.label }))}
        value={keys}
        onChange={setKeys}
        searchable
      />
    </Dialog>
  );
}
