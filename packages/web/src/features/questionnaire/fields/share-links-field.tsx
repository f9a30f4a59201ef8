import { decodeShareLinks, encodeShareLinks, type ShareLink } from '@charter/domain';
import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FocusEvent, lazy, Suspense, useId, useState } from 'react';
import type { FieldInputProps } from './field-props.ts';

// Lazy: the picker needs the staff app's API client, which the visitor pages that reuse the answer fields
// (outside forms) must not load.
const CabinetFolderPicker = lazy(() =>
  import('./cabinet-folder-picker.tsx').then((m) => ({ default: m.CabinetFolderPicker })),
);

const EMPTY: ShareLink = { label: '', url: '' };

/** Rows with nothing typed are not links: they stay on screen but not in the answer. */
const encode = (rows: readonly ShareLink[]) =>
  encodeShareLinks(rows.filter((row) => row.label.trim() || row.url.trim()));

const rowsOf = (value: string) => {
  const links = decodeShareLinks(value);
  return links.length ? links : [EMPTY];
};

/** Label + Url pairs, committed when focus leaves the list and whenever a row is removed. */
export function ShareLinksField({
  field,
  value,
  error,
  onChange,
  onCommit,
  locked,
  autoFocus,
}: FieldInputProps) {
  const id = useId();
  // Rows are kept here: the stored form drops empty rows and adds https:// to URLs as they are typed.
  const [rows, setRows] = useState(() => rowsOf(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== encode(rows)) setRows(rowsOf(value));
  }

  const update = (next: ShareLink[], commit = false) => {
    setRows(next);
    const encoded = encode(next);
    onChange(encoded);
    if (commit) onCommit(encoded);
  };
  const edit = (index: number, key: keyof ShareLink, text: string) =>
    update(rows.map((row, i) => (i === index ? { ...row, [key]: text } : row)));
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onCommit(encode(rows));
  };

  return (
    <Input.Wrapper
      id={id}
      labelElement="div"
      label={field.label}
      withAsterisk={field.required}
      description={field.help}
      error={error || undefined}
    >
      <Stack
        gap="xs"
        role="group"
        aria-label={field.label}
        aria-describedby={error ? `${id}-error` : undefined}
        onBlur={leave}
      >
        {rows.map((row, index) => (
          // Rows have no identity of their own; the index is what the user sees.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label="Label"
              placeholder="Label"
              flex={1}
              value={row.label}
              onChange={(event) => edit(index, 'label', event.currentTarget.value)}
              readOnly={locked}
              disabled={locked}
              autoFocus={autoFocus && index === 0}
            />
            <TextInput
              aria-label="Url"
              placeholder="https://"
              flex={2}
              value={row.url}
              onChange={(event) => edit(index, 'url', event.currentTarget.value)}
              readOnly={locked}
              disabled={locked}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Remove link"
              disabled={locked}
              onClick={() => update(rows.length > 1 ? rows.filter((_, i) => i !== index) : [EMPTY], true)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {!locked && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => update([...rows, EMPTY])}
            >
              Add link
            </Button>
            <Suspense fallback={null}>
              <CabinetFolderPicker
                onPick={(link) =>
                  update([...rows.filter((row) => row.label.trim() || row.url.trim()), link], true)
                }
              />
            </Suspense>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
