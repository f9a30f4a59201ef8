import type { RoomDocumentView, RoomOverview, RoomTableView } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  resourceFeatures,
  resources,
  roomContents,
  roomLinks,
  roomReports,
  rooms,
  roomTableRows,
  roomTables,
} from '../../db/schema/index.ts';
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
 * A room's links, tables, table rows (with the values their fields show), placed reports, and the
 * version of its documents (room_contents: room-visitors/room-contents.ts).
 */
export type RoomParts = {
  documentsVersion: string | null;
  links: { id: number; label: string; link: string; createdAt: Date }[];
  tables: Pick<typeof roomTables.$inferSelect, 'id' | 'resourceTypeId' | 'label' | 'fields'>[];
  rows: { tableId: number; resourceId: number; name: string; values: Record<string, string> }[];
  reports: (typeof roomReports.$inferSelect)[];
};

/** A row as json_build_object returns it: its dates as strings. */
export type Json<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Json<T[K]> } : T;

/**
 * The small parts of a room's overview as columns of the room's own row (each a json array of a subselect,
 * in its order), so that they come in ONE statement whatever the room holds, with the room itself when
 * the caller looks it up: on the embedded database every statement is a round of calls into WebAssembly,
 * on PostgreSQL a round trip. A table row carries the values of its table's fields only.
 */
/** The id of the room of the row (qualified: a select from one table writes its columns bare). */
const roomOfRow = sql`${rooms}.id`;

export const partsColumns = {
  documentsVersion: sql<
    string | null
  >`(select c.version from ${roomContents} c where c.room_id = ${roomOfRow})`,
  links: sql<Json<RoomParts['links']> | null>`(select json_agg(json_build_object(
    'id', l.id, 'label', l.label, 'link', l.link, 'createdAt', l.created_at) order by l.position, l.id)
    from ${roomLinks} l where l.room_id = ${roomOfRow})`,
  tables: sql<RoomParts['tables'] | null>`(select json_agg(json_build_object(
    'id', t.id, 'resourceTypeId', t.resource_type_id, 'label', t.label, 'fields', t.fields)
    order by t.position, t.id) from ${roomTables} t where t.room_id = ${roomOfRow})`,
  rows: sql<RoomParts['rows'] | null>`(select json_agg(json_build_object(
    'tableId', r.room_table_id, 'resourceId', res.id, 'name', res.name,
    'values', (select coalesce(json_object_agg(f.key, f.value), '{}'::json) from ${resourceFeatures} f
      where f.resource_id = res.id
        and f.key in (select field->>'key' from jsonb_array_elements(t.fields) field)))
    order by r.position, res.id)
    from ${roomTableRows} r
    join ${roomTables} t on t.id = r.room_table_id
    join ${resources} res on res.id = r.resource_id
    where t.room_id = ${roomOfRow})`,
  reports: sql<Json<RoomParts['reports']> | null>`(select json_agg(json_build_object(
    'id', p.id, 'roomId', p.room_id, 'reportKey', p.report_key, 'userOnly', p.user_only,
    'position', p.position, 'createdAt', p.created_at) order by p.position, p.id)
    from ${roomReports} p where p.room_id = ${roomOfRow})`,
};

export type PartsRow = {
  documentsVersion: string | null;
  links: Json<RoomParts['links']> | null;
  tables: RoomParts['tables'] | null;
  rows: RoomParts['rows'] | null;
  reports: Json<RoomParts['reports']> | null;
};

export function toParts(row: PartsRow | undefined): RoomParts {
  return {
    documentsVersion: row?.documentsVersion ?? null,
    links: (row?.links ?? []).map((l) => ({ ...l, createdAt: new Date(l.createdAt) })),
    tables: row?.tables ?? [],
    rows: row?.rows ?? [],
    reports: (row?.reports ?? []).map((p) => ({ ...p, createdAt: new Date(p.createdAt) })),
  };
}

/** A room's parts, in one statement. */
export async function loadRoomParts(tx: Tx, roomId: number): Promise<RoomParts> {
  const [row] = await tx.select(partsColumns).from(rooms).where(eq(rooms.id, roomId));
  return toParts(row);
}

/** A room's parts and documents: the parts' statement reads the version that decides whether the documents are. */
export type RoomContents = { parts: RoomParts; documentRows: RoomDocumentRow[] };

export async function loadRoomContents(tx: Tx, roomId: number, known?: RoomParts): Promise<RoomContents> {
  const parts = known ?? (await loadRoomParts(tx, roomId));
  return { parts, documentRows: await loadRoomDocuments(tx, roomId, parts.documentsVersion) };
}

/**
 * THE overview of a room (spec 3 §2 Overview sections): documents (with those needing the viewer's
 * signature), links, resource tables with their rows and values, the document summary and the badge.
 * One statement whatever the room holds (its parts), and a second only when its documents changed
 * (room-contents.ts); no query per document, table or row.
 */
export async function loadRoomOverview({
  tx,
  room,
  viewer,
  contents,
}: {
  tx: Tx;
  room: { id: number };
  viewer: OverviewViewer;
  /** The room's contents when the caller has already read them: not read twice. */
  contents?: RoomContents;
}): Promise<Omit<RoomOverview, 'reports'>> {
  const {
    documentRows: docRows,
    parts: { links, tables, rows },
  } = contents ?? (await loadRoomContents(tx, room.id));

  const emails = signingEmails(viewer);
  const docs = docRows.map((row) => presentRoomDocument(row, emails));

  const tableViews: RoomTableView[] = tables.map((t) => ({
    id: t.id,
    resource_type_id: t.resourceTypeId,
    label: t.label,
    fields: t.fields,
    rows: rows
      .filter((r) => r.tableId === t.id)
      .map((r) => {
        const all = r.values;
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
    // Users do not see empty tables (spec 3 §2, the admin's note); admins see them to fill them.
    tables: viewer.kind === 'visitor' ? tableViews.filter((t) => t.rows.length > 0) : tableViews,
    summary: { documents: docs.length, required },
    badges: { requiring_signature: required },
  };
}

/** The whole overview a room screen shows: the sections above and the room's report tables. */
export async function loadRoomView(input: {
  tx: Tx;
  room: { id: number; accountId: number };
  viewer: OverviewViewer;
  contents?: RoomContents;
}): Promise<RoomOverview> {
  const contents = input.contents ?? (await loadRoomContents(input.tx, input.room.id));
  const [overview, reports] = await Promise.all([
    loadRoomOverview({ ...input, contents }),
    loadRoomReports({ ...input, placed: contents.parts.reports }),
  ]);
  return { ...overview, reports };
}
