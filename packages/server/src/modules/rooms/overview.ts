import type { RoomDocumentView, RoomOverview, RoomTableView } from '@charter/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  documentRecipients,
  documents,
  files,
  resourceFeatures,
  resources,
  roomDocuments,
  roomLinks,
  roomTableRows,
  roomTables,
} from '../../db/schema/index.ts';
import { loadRoomReports } from '../reports/room-reports.ts';
import { presentLink } from './presenters.ts';

/** Who looks at the overview: a room admin sees every document awaiting signature, a visitor only theirs. */
export type OverviewViewer = { kind: 'admin' } | { kind: 'visitor'; emails: string[] };

/** The room's documents as the overview shows them, in their order. */
export function loadOverviewDocuments(tx: Tx, roomId: number) {
  return tx
    .select({
      id: roomDocuments.id,
      label: roomDocuments.label,
      documentId: roomDocuments.documentId,
      roomFileId: roomDocuments.fileId,
      docFilename: documents.filename,
      docFileId: documents.fileId,
      status: documents.status,
      signingState: documents.signingState,
      fileFilename: files.filename,
    })
    .from(roomDocuments)
    .leftJoin(documents, eq(documents.id, roomDocuments.documentId))
    .leftJoin(files, eq(files.id, roomDocuments.fileId))
    .where(eq(roomDocuments.roomId, roomId))
    .orderBy(asc(roomDocuments.position), asc(roomDocuments.id));
}
export type OverviewDocumentRow = Awaited<ReturnType<typeof loadOverviewDocuments>>[number];

/**
 * THE overview of a room (spec 3 §2 Overview sections): documents (with those needing the viewer's
 * signature), links, resource tables with their rows and values, the document summary and the badge.
 * Six queries whatever the room holds (no query per document, table or row).
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
  /** The room's documents when the caller has already read them (with these columns): not read twice. */
  documentRows?: OverviewDocumentRow[];
}): Promise<Omit<RoomOverview, 'reports'>> {
  const [docRows, links, tables, rows] = await Promise.all([
    documentRows ?? loadOverviewDocuments(tx, room.id),
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

  // Out for signature: the unsigned signers of every such document, in one query.
  const outForSigning = docRows.filter((d) => d.documentId !== null && d.signingState === 'sent');
  const awaiting = new Map<number, Set<string>>();
  if (outForSigning.length > 0) {
    const unsigned = await tx
      .select({ documentId: documentRecipients.documentId, email: documentRecipients.email })
      .from(documentRecipients)
      .where(
        and(
          inArray(
            documentRecipients.documentId,
            outForSigning.map((d) => d.documentId as number),
          ),
          eq(documentRecipients.signed, false),
          eq(documentRecipients.role, 'Signer'),
        ),
      );
    for (const r of unsigned) {
      const set = awaiting.get(r.documentId) ?? new Set<string>();
      set.add(r.email.trim().toLowerCase());
      awaiting.set(r.documentId, set);
    }
  }
  const emails = viewer.kind === 'visitor' ? viewer.emails.map((e) => e.trim().toLowerCase()) : [];
  const needsSignature = (documentId: number | null) => {
    const pending = documentId === null ? undefined : awaiting.get(documentId);
    if (!pending || pending.size === 0) return false;
    return viewer.kind === 'admin' || emails.some((email) => pending.has(email));
  };

  const docs: RoomDocumentView[] = docRows.map((d) => ({
    id: d.id,
    label: d.label,
    filename: d.docFilename ?? d.fileFilename ?? d.label,
    file_id: d.documentId !== null ? d.docFileId : d.roomFileId,
    document_id: d.documentId,
    status: d.documentId !== null ? (d.signingState ?? d.status) : null,
    requires_signature: needsSignature(d.documentId),
  }));

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
  documentRows?: OverviewDocumentRow[];
}): Promise<RoomOverview> {
  const [overview, reports] = await Promise.all([loadRoomOverview(input), loadRoomReports(input)]);
  return { ...overview, reports };
}
