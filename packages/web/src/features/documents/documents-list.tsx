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
import { canSendForSignature, hasSigning, shownFileId } from '../signing/signing-entry.ts';
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

/** A row's name: a link to its preview, with a thumbnail, once it has a file (the sealed one or the original). */
function DocumentName({
  companyId,
  document,
  onPreview,
}: {
  companyId: number;
  document: DocumentRow;
  onPreview: (document: DocumentRow) => void;
}) {
  const fileId = shownFileId(document);
  if (fileId === null) return document.filename;
  return (
    <Group gap="sm" wrap="nowrap">
      <PdfThumbnail companyId={companyId} fileId={fileId} />
      <Anchor component="button" onClick={() => onPreview(document)}>
        {document.filename}
      </Anchor>
    </Group>
  );
}

/**
 * The documents section (spec 2 §2): sortable, 5 rows at first, Show more by a fifth of the list (25 to
 * 200 rows), Show less back to 5; each row opens its preview.
 */
export function DocumentsList({
  companyId,
  documents,
  onPreview,
  onRecipients,
  onSigning,
  startingSigning = null,
  onReview,
}: {
  /** The workspace, for each row's thumbnail. */
  companyId: number;
  documents: readonly DocumentRow[];
  onPreview: (document: DocumentRow) => void;
  onRecipients?: (document: DocumentRow) => void;
  /** "Send for signature" (a PDF not yet prepared) or "Signing" (one prepared or sent). */
  onSigning?: (document: DocumentRow) => void;
  /** The document being prepared for signature, whose button shows it is busy. */
  startingSigning?: number | null;
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
  const withActions = Boolean(onRecipients || onSigning);
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
              {withActions && (
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
                  <DocumentName companyId={companyId} document={document} onPreview={onPreview} />
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{documentStatusLabel(document)}</Badge>
                </Table.Td>
                <Table.Td>
                  {new Date(document.completed_at ?? document.created_at).toLocaleDateString()}
                </Table.Td>
                {withActions && (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {onSigning && hasSigning(document) && (
                        <Button size="compact-xs" variant="subtle" onClick={() => onSigning(document)}>
                          Signing
                        </Button>
                      )}
                      {onSigning && canSendForSignature(document) && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          loading={startingSigning === document.id}
                          onClick={() => onSigning(document)}
                        >
                          Send for signature
                        </Button>
                      )}
                      {onRecipients && (
                        <Button size="compact-xs" variant="subtle" onClick={() => onRecipients(document)}>
                          Recipients
                        </Button>
                      )}
                      {onReview && (
                        <Button size="compact-xs" variant="subtle" onClick={() => onReview(document)}>
                          Review
                        </Button>
                      )}
                    </Group>
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
