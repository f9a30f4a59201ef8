import { answerKey, type FieldSpec, RESOURCE_TYPE, type ResourceEntry } from '@charter/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useResources } from '../workbench/api.ts';
import type { QuestionView } from '../workbench/types.ts';
import { resourceBlock } from './document-answers.ts';
import { AnswerField } from './fields/answer-field.tsx';

type Props = {
  companyId: number;
  question: QuestionView;
  entries: ResourceEntry[];
  errors: Record<string, string>;
  /** Submit found the list empty. */
  missing: boolean;
  readOnly: boolean;
  /** An entry just added: the form scrolls to it and focuses its first empty field (spec 2 §4). */
  focusResourceId: number | null;
  onFocused: () => void;
  onCommit: (entry: ResourceEntry, field: FieldSpec, value: string) => void;
  onCreate: (name: string) => Promise<void>;
  onPick: (resourceId: number) => Promise<void>;
  onRemove: (entry: ResourceEntry) => Promise<void>;
  onConnect: (entry: ResourceEntry, targetId: number) => Promise<void>;
};

const fieldView = (field: FieldSpec) => ({ ...field, fixed: field.fixed ?? false });
const TYPED_BOXES =
  'input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not(:disabled), textarea:not(:disabled)';

/**
 * One resource list (founders, parties…): each entry with its fields, then a way to add one, by a new
 * name or by choosing an existing person or company of the workspace. Types 6 and 25 have no name picker.
 */
export function ResourceGroup(props: Props) {
  const { question, entries } = props;
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const typeId = question.resource_type_id;
  const showPicker = typeId !== RESOURCE_TYPE.COMPANY && typeId !== RESOURCE_TYPE.ACCOUNT;
  const existing = useResources(props.companyId, showPicker && !props.readOnly ? typeId : null);
  const listed = new Set(entries.map((e) => e.resource_id));
  const choices = (existing.data ?? [])
    .filter((r) => !listed.has(r.id))
    .map((r) => ({ value: String(r.id), label: r.name }));
  const canAdd = !props.readOnly && (question.multi_entry || entries.length === 0);
  const papers = useRef(new Map<number, HTMLElement>());
  const addRow = useRef<HTMLDivElement>(null);
  const { focusResourceId, onFocused } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the entry to focus may render after it is named
  useEffect(() => {
    const paper = focusResourceId === null ? undefined : papers.current.get(focusResourceId);
    if (!paper) return;
    onFocused();
    // Only where the adding left it (the add row, or nowhere): a box the user already went to keeps its
    // focus, or what they type next would land elsewhere.
    const active = document.activeElement;
    if (active && active !== document.body && !addRow.current?.contains(active)) return;
    // The entry's answer fields only, not its header's "Connect to existing…".
    const fields = paper.querySelector('[data-entry-fields]');
    const boxes = [...(fields?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED_BOXES) ?? [])];
    paper.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    (boxes.find((box) => !box.value) ?? boxes[0])?.focus({ preventScroll: true });
  }, [focusResourceId, entries, onFocused]);
  const nameField = question.fields?.[0];

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const confirmRemove = (entry: ResourceEntry) =>
    modals.openConfirmModal({
      title: `Remove ${entry.resource_name}?`,
      children: <Text size="sm">They will no longer be listed under {question.label}.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void run(() => props.onRemove(entry)),
    });

  const confirmConnect = (entry: ResourceEntry, targetId: number, targetName: string) =>
    modals.openConfirmModal({
      title: `Connect ${entry.resource_name} to ${targetName}?`,
      children: (
        <Text size="sm">
          The inputs entered here replace {targetName}'s where both have one, and {entry.resource_name} is
          merged into {targetName}.
        </Text>
      ),
      labels: { confirm: 'Connect', cancel: 'Cancel' },
      onConfirm: () => void run(() => props.onConnect(entry, targetId)),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={question.label}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {question.label}
            {question.required && (
              <Text span c="red" ml={4} aria-hidden>
                *
              </Text>
            )}
          </Title>
          {question.help && (
            <Text size="sm" c="dimmed">
              {question.help}
            </Text>
          )}
          {question.multi_entry && typeId !== RESOURCE_TYPE.ENTITY && (
            <Text size="xs" c="dimmed">
              Add as many as apply.
            </Text>
          )}
        </div>
        {entries.map((entry, index) => (
          <Paper
            key={entry.resource_id}
            ref={(node: HTMLDivElement | null) => {
              if (node) papers.current.set(entry.resource_id, node);
              else papers.current.delete(entry.resource_id);
            }}
            withBorder
            p="md"
            radius="sm"
            aria-label={`${question.label} ${index + 1}`}
          >
            <Group justify="space-between" mb="xs">
              <Group gap="xs">
                <Text fw={600}>{entry.resource_name}</Text>
                {entry.is_draft && <Badge variant="light">New</Badge>}
              </Group>
              {!props.readOnly && (
                <Group gap="xs">
                  {entry.is_draft && showPicker && choices.length > 0 && (
                    <Select
                      size="xs"
                      aria-label={`Connect ${entry.resource_name} to an existing entry`}
                      placeholder="Connect to existing…"
                      data={choices}
                      value={null}
                      onChange={(value) => {
                        const choice = choices.find((c) => c.value === value);
                        if (choice) confirmConnect(entry, Number(choice.value), choice.label);
                      }}
                    />
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${entry.resource_name}`}
                    onClick={() => confirmRemove(entry)}
                    disabled={busy}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
            <Stack gap="sm" data-entry-fields>
              {(question.fields ?? []).map((field) => {
                const key = answerKey(question.id, entry.resource_id, field.id);
                return (
                  <AnswerField
                    key={key}
                    field={{
                      ...fieldView(field),
                      required: field.required || (entry.is_draft && Boolean(field.new_require)),
                    }}
                    value={entry.values[field.id] ?? ''}
                    error={props.errors[key]}
                    readOnly={props.readOnly}
                    documentBlocked={resourceBlock(question.fields ?? [], entry)}
                    onChange={() => undefined}
                    onCommit={(value) => props.onCommit(entry, field, value)}
                  />
                );
              })}
            </Stack>
          </Paper>
        ))}
        {canAdd && (
          <Group ref={addRow} align="flex-end" gap="sm">
            <TextInput
              label={`Add to ${question.label}`}
              aria-label={`New ${question.label} name`}
              placeholder={nameField?.label}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && name.trim()) {
                  event.preventDefault();
                  void run(() => props.onCreate(name.trim())).then(() => setName(''));
                }
              }}
              style={{ flex: 1 }}
            />
            <Button
              variant="light"
              loading={busy}
              disabled={!name.trim()}
              onClick={() => void run(() => props.onCreate(name.trim())).then(() => setName(''))}
            >
              Add
            </Button>
            {showPicker && choices.length > 0 && (
              <Select
                label="Or choose"
                aria-label={`Choose an existing ${question.label} entry`}
                placeholder="Existing entries"
                searchable
                data={choices}
                value={null}
                onChange={(value) => value && void run(() => props.onPick(Number(value)))}
              />
            )}
          </Group>
        )}
        {entries.length === 0 && props.missing && (
          <Text c="red" size="sm">
            Input required for: {question.label}.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
