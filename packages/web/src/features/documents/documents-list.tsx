import { DOCUMENTS_INITIAL_ROWS, documentStatusLabel, showMoreRows } from '@charter/domain';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { DocumentRow } from '../workbench/types.ts';

type Sort = 'newest' | 'oldest' | 'name';
const SORTS: { value: Sort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Name' },
];

const sorted = (rows: readonly DocumentRow[], sort: Sort) =>
  [...rows].sort((a, b) => {
    if (sort === 'name') return a.filename.localeCompare(b.filename);
    const order = a.created_at.localeCompare(b.created_at) || a.id - b.id;
    return sort === 'oldest' ? order : -order;
  });

/**
 * The documents section (spec 2 §2): sortable, 5 rows at first, Show more by a fifth of the list (25 to
 * 200 rows), Show less back to 5; each row opens its preview.
 */
export function DocumentsList({
  documents,
  onPreview,
}: {
  documents: readonly DocumentRow[];
  onPreview: (document: DocumentRow) => void;
}) {
  const [sort, setSort] = useState<Sort>('newest');
  const [shown, setShown] = useState(DOCUMENTS_INITIAL_ROWS);
  const rows = sorted(documents, sort).slice(0, shown);
  if (documents.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No documents yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Select
          size="xs"
          aria-label="Sort documents"
          data={SORTS}
          value={sort}
          onChange={(value) => value && setSort(value as Sort)}
          allowDeselect={false}
          w={160}
        />
      </Group>
      <Table verticalSpacing="xs" aria-label="Documents">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((document) => (
            <Table.Tr key={document.id}>
              <Table.Td>
                {document.box_file_id === null ? (
                  document.filename
                ) : (
                  <Anchor component="button" onClick={() => onPreview(document)}>
                    {document.filename}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{documentStatusLabel(document)}</Badge>
              </Table.Td>
              <Table.Td>
                {new Date(document.completed_at ?? document.created_at).toLocaleDateString()}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="center" gap="xs">
        {shown < documents.length && (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => setShown(showMoreRows(shown, documents.length))}
          >
            Show more
          </Button>
        )}
        {shown > DOCUMENTS_INITIAL_ROWS && (
          <Button size="compact-sm" variant="subtle" onClick={() => setShown(DOCUMENTS_INITIAL_ROWS)}>
            Show less
          </Button>
        )}
      </Group>
    </Stack>
  );
}
