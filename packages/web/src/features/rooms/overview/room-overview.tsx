import type { RoomOverview as Overview, RoomDocumentView } from '@charter/domain';
import { countOf } from '@charter/domain/rules/counts';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type RoomDocumentActions, RoomDocumentsList } from './room-documents-list.tsx';
import { type RoomLinkActions, RoomLinksList } from './room-links-list.tsx';
import { RoomResourceTable, type RoomTableActions } from './room-resource-table.tsx';

/**
 * The overview sections in the spec's order (spec 3 §2): Documents Requiring Signature, one table per
 * resource type, report tables (the `reports` slot), All Documents and Links. Props only: the admin page
 * passes edit actions, the visitor page its Download (`documentExtra`) for each document row.
 */
export function RoomOverviewSections<D extends RoomDocumentView>({
  overview,
  onOpenDocument,
  documentActions,
  documentExtra,
  linkActions,
  tableActions,
  reports,
}: {
  overview: Omit<Overview, 'documents'> & { documents: D[] };
  onOpenDocument?: (doc: D) => void;
  documentActions?: RoomDocumentActions;
  documentExtra?: (doc: D) => ReactNode;
  linkActions?: RoomLinkActions;
  tableActions?: RoomTableActions;
  reports?: ReactNode;
}) {
  const toSign = overview.documents.filter((d) => d.requires_signature);
  return (
    <Stack gap="xl">
      {toSign.length > 0 ? (
        <RoomDocumentsList
          title="Documents Requiring Signature"
          documents={toSign}
          onOpen={onOpenDocument}
          extra={documentExtra}
        />
      ) : null}
      {overview.tables.map((table) => (
        <RoomResourceTable key={table.id} table={table} actions={tableActions} />
      ))}
      {reports}
      <div id="documents">
        <RoomDocumentsList
          title="All Documents"
          documents={overview.documents}
          onOpen={onOpenDocument}
          actions={documentActions}
          extra={documentExtra}
          emptyText="No documents yet."
        />
        <Text size="xs" c="dimmed" mt={4}>
          {countOf(overview.summary.documents, 'document')}, {overview.summary.required} requiring signature
        </Text>
      </div>
      <div id="links">
        <RoomLinksList links={overview.links} actions={linkActions} />
      </div>
    </Stack>
  );
}
