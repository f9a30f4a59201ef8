import { DOCUMENTS_INITIAL_ROWS, documentStatusLabel, showMoreRows } from '@charter/domain';
import {
  Anchor,
  Badge,
  Button,
  Group,
  RangeSlider,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { DocumentRow } from '../workbench/types.ts';
import { PdfThumbnail } from './pdf-thumbnail.tsx';

type Sort = 'newest' | 'oldest' | 'name';

export const DATE_RANGE_DEBOUNCE_MS = 200;
const DAY_MS = 86_400_000;
/** Whole days since the epoch, by the document's completion (else creation) date. */
export const dayOf = (d: Pick<DocumentRow, 'completed_at' | 'created_at'>) =>
  Math.floor(new Date(d.completed_at ?? d.created_at).getTime() / DAY_MS);
/** The documents dated from day `from` to day `to`, both included. */
export const withinDays = <T extends Pick<DocumentRow, 'completed_at' | 'created_at'>>(
  documents: readonly T[],
  from: number,
  to: number,
) => documents.filter((d) => dayOf(d) >= from && dayOf(d) <= to);

const dayLabel = (day: number) => new Date(day * DAY_MS).toLocaleDateString();
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
  companyId,
  documents,
  onPreview,
  onRecipients,
  onReview,
}: {
  /** The workspace, for each row's thumbnail. */
  companyId: number;
  documents: readonly DocumentRow[];
  onPreview: (document: DocumentRow) => void;
  onRecipients?: (document: DocumentRow) => void;
  /** Reviewers and the redline (features/review). */
  onReview?: (document: DocumentRow) => void;
}) {
  const [sort, setSort] = useState<Sort>('newest');
  const [shown, setShown] = useState(DOCUMENTS_INITIAL_ROWS);
  const days = documents.map((d) => dayOf(d));
  const first = days.length ? Math.min(...days) : 0;
  const last = days.length ? Math.max(...days) : 0;
  const [range, setRange] = useState<[number, number] | null>(null);
  // Spec 2 §2: the date-range slider filters after 200 ms.
  const [settled] = useDebouncedValue(range, DATE_RANGE_DEBOUNCE_MS);
  const [from, to] = settled ?? [first, last];
  const inRange = withinDays(documents, from, to);
  const rows = sorted(inRange, sort).slice(0, shown);
  if (documents.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No documents yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        {last > first ? (
          <Stack gap={4} style={{ flex: 1, maxWidth: 360 }}>
            <Text size="xs" c="dimmed">
              From {dayLabel(range?.[0] ?? first)} to {dayLabel(range?.[1] ?? last)}
            </Text>
            <RangeSlider
              aria-label="Date range"
              thumbFromLabel="From date"
              thumbToLabel="To date"
              min={first}
              max={last}
              step={1}
              minRange={0}
              value={range ?? [first, last]}
              onChange={setRange}
              label={dayLabel}
              thumbValueText={dayLabel}
            />
          </Stack>
        ) : (
          <span />
        )}
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
      {/* Scrolls on its own on a narrow screen, so the page does not. */}
      <Table.ScrollContainer minWidth={480} type="native">
        <Table verticalSpacing="xs" aria-label="Documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Date</Table.Th>
              {onRecipients && (
                <Table.Th pos="relative">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((document) => (
              <Table.Tr key={document.id}>
                <Table.Td>
                  {document.box_file_id === null ? (
                    document.filename
                  ) : (
                    <Group gap="sm" wrap="nowrap">
                      <PdfThumbnail companyId={companyId} fileId={document.box_file_id} />
                      <Anchor component="button" onClick={() => onPreview(document)}>
                        {document.filename}
                      </Anchor>
                    </Group>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{documentStatusLabel(document)}</Badge>
                </Table.Td>
                <Table.Td>
                  {new Date(document.completed_at ?? document.created_at).toLocaleDateString()}
                </Table.Td>
                {onRecipients && (
                  <Table.Td>
                    <Button size="compact-xs" variant="subtle" onClick={() => onRecipients(document)}>
                      Recipients
                    </Button>
                    {onReview && (
                      <Button size="compact-xs" variant="subtle" onClick={() => onReview(document)}>
                        Review
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="center" gap="xs">
        {shown < inRange.length && (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => setShown(showMoreRows(shown, inRange.length))}
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
