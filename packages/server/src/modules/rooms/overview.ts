import type { RoomDocumentView, RoomOverview, RoomTableView } from '@charter/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { resourceFeatures, resources, roomLinks, roomTableRows, roomTables } from '../../db/schema/index.ts';
import { loadRoomReports } from '../reports/room-reports.ts';
import { loadRoomDocuments, needsSignature, type RoomDocumentRow } from '../room-visitors/room-contents.ts';
import { presentLink } from './presenters.ts';

/** Who looks at the overview: a room admin sees every document awaiting signature, a visitor only theirs. */
export type OverviewViewer = { kind: 'admin' } | { kind: 'visitor'; emails: string[] };

/** The emails whose signatures count for this viewer ('any' for an admin), lower-cased. */
export const signingEmails = (viewer: OverviewViewer): readonly string[] | 'any' =>
  viewer.kind === 'admin' ? 'any' : viewer.emails.map((e) => e.trim().toLowerCase());

/** THE presenter of a room document, for every screen that lists one (the guest room adds its own marks). */
export function presentRoomDocument(
  row: RoomDocumentRow,
  emails: readonly string[] | 'any',
): RoomDocumentView {
  return {
    id: row.id,
    label: row.label,
    filename: row.filename,
    file_id: row.fileId,
    document_id: row.documentId,
    status: row.status,
    requires_signature: needsSignature(row, emails),
  };
}

/**
 * THE overview of a room (spec 3 §2 Overview sections): documents (with those needing the viewer's
 * signature), links, resource tables with their rows and values, the document summary and the badge.
 * Five queries whatever the room holds (no query per document, table or row).
 */
export async function loadRoomOverview({
  tx,
  room,
  viewer,
  documentRows,
}: {
  tx: Tx;
  room: { id: number };
  viewer: OverviewViewer;
  /** The room's documents when the caller has already read them: not read twice. */
  documentRows?: RoomDocumentRow[];
}): Promise<Omit<RoomOverview, 'reports'>> {
  const [docRows, links, tables, rows] = await Promise.all([
    documentRows ?? loadRoomDocuments(tx, room.id),
    tx
      .select({ id: roomLinks.id, label: roomLinks.label, link: roomLinks.link })
      .from(roomLinks)
      .where(eq(roomLinks.roomId, room.id))
      .orderBy(asc(roomLinks.position), asc(roomLinks.id)),
    tx
      .select()
      .from(roomTables)
      .where(eq(roomTables.roomId, room.id))
      .orderBy(asc(roomTables.position), asc(roomTables.id)),
    tx
      .select({ tableId: roomTableRows.roomTableId, resourceId: resources.id, name: resources.name })
      .from(roomTableRows)
      .innerJoin(roomTables, eq(roomTables.id, roomTableRows.roomTableId))
      .innerJoin(resources, eq(resources.id, roomTableRows.resourceId))
      .where(eq(roomTables.roomId, room.id))
      .orderBy(asc(roomTableRows.position), asc(resources.id)),
  ]);

  const emails = signingEmails(viewer);
  const docs = docRows.map((row) => presentRoomDocument(row, emails));

  const resourceIds = [...new Set(rows.map((r) => r.resourceId))];
  const fieldKeys = [...new Set(tables.flatMap((t) => t.fields.map((f) => f.key)))];
  const values = new Map<number, Record<string, string>>();
  if (resourceIds.length > 0 && fieldKeys.length > 0) {
    const features = await tx
      .select({
        resourceId: resourceFeatures.resourceId,
        key: resourceFeatures.key,
        value: resourceFeatures.value,
      })
      .from(resourceFeatures)
      .where(
        and(inArray(resourceFeatures.resourceId, resourceIds), inArray(resourceFeatures.key, fieldKeys)),
      );
    for (const f of features) {
      const record = values.get(f.resourceId) ?? {};
      record[f.key] = f.value;
      values.set(f.resourceId, record);
    }
  }

  const tableViews: RoomTableView[] = tables.map((t) => ({
    id: t.id,
    resource_type_id: t.resourceTypeId,
    label: t.label,
    fields: t.fields,
    rows: rows
      .filter((r) => r.tableId === t.id)
      .map((r) => {
        const all = values.get(r.resourceId) ?? {};
        const shown: Record<string, string> = {};
        for (const field of t.fields) {
          const value = all[field.key];
          if (value === undefined) continue;
          // As report rows leave the workspace (reports/rows.ts maskedRows): a social security number
          // reaches a non-admin only as its last 4 digits, which is all the table shows anyway.
          shown[field.key] =
            viewer.kind === 'visitor' && field.type === 'social_security'
              ? value.replace(/\D/g, '').slice(-4)
              : value;
        }
        return { resource_id: r.resourceId, name: r.name, values: shown };
      }),
  }));

  const required = docs.filter((d) => d.requires_signature).length;
  return {
    documents: docs,
    links: links.map(presentLink),
    tables: tableViews,
    summary: { documents: docs.length, required },
    badges: { requiring_signature: required },
  };
}

/** The whole overview a room screen shows: the sections above and the room's report tables. */
export async function loadRoomView(input: {
  tx: Tx;
  room: { id: number; accountId: number };
  viewer: OverviewViewer;
  documentRows?: RoomDocumentRow[];
}): Promise<RoomOverview> {
  const [overview, reports] = await Promise.all([loadRoomOverview(input), loadRoomReports(input)]);
  return { ...overview, reports };
}
