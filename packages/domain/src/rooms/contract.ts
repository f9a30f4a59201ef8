import { z } from 'zod';
import { rowId, rowIdParam } from '../contract/common.ts';
import { roomReportView } from '../reports/contract.ts';
import { ROOM_STATUSES, ROOM_TYPES } from './constants.ts';

/**
 * Rooms, admin side (spec 3 §2–§7): the room itself, its links, documents and resource tables, and the
 * overview every room screen shows. The visitor page reads the same overview shape.
 */

const label = z.string().max(300);

/** `{ id }` and the sub-row ids of room routes. */
export const roomLinkParams = z.object({ id: rowIdParam, linkId: rowIdParam });
export const roomDocumentParams = z.object({ id: rowIdParam, docId: rowIdParam });
export const roomFeatureParams = z.object({ id: rowIdParam, featureId: rowIdParam });
export const roomSwapParams = z.object({ id: rowIdParam, a: rowIdParam, b: rowIdParam });

/** GET /api/account/admin/room?open=true */
export const roomListQuery = z.object({ open: z.enum(['true', 'false', '1', '0']).optional() });

/** POST /api/account/admin/room: standalone, or a workflow's (project) or a group's (transaction) room. */
export const createRoomBody = z.object({
  label,
  type: z.enum(ROOM_TYPES).nullable().optional(),
  project_id: rowId.optional(),
  transaction_id: rowId.optional(),
});
export type CreateRoomBody = z.infer<typeof createRoomBody>;

/** PUT /api/account/admin/room/{id}: any of these; strict (Invite Only) is always refused. */
export const updateRoomBody = z.object({
  label: label.optional(),
  open: z.boolean().optional(),
  require_auth: z.boolean().optional(),
  strict: z.boolean().optional(),
  /** Sent when access is turned off and on again (spec 3 §4). */
  init_room: z.boolean().optional(),
  status: z.union([z.enum(ROOM_STATUSES), z.literal('')]).optional(),
  read_only: z.boolean().optional(),
  watermark: z.boolean().optional(),
  nda_file_id: rowId.nullable().optional(),
});
export type UpdateRoomBody = z.infer<typeof updateRoomBody>;

/** What the caller may do with a room (from the rooms policy). */
export const roomAbilities = z.object({
  edit: z.boolean(),
  settings: z.boolean(),
  share: z.boolean(),
  delete: z.boolean(),
});
export type RoomAbilities = z.infer<typeof roomAbilities>;

export const roomView = z.object({
  id: z.number(),
  account_id: z.number(),
  label: z.string(),
  type: z.string().nullable(),
  status: z.string(),
  open: z.boolean(),
  require_auth: z.boolean(),
  strict: z.boolean(),
  read_only: z.boolean(),
  watermark: z.boolean(),
  nda_file_id: z.number().nullable(),
  project_id: z.number().nullable(),
  transaction_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: roomAbilities,
});
export type RoomView = z.infer<typeof roomView>;

export const roomLinkView = z.object({ id: z.number(), label: z.string(), link: z.string() });
export type RoomLinkView = z.infer<typeof roomLinkView>;

/** A room document: a workflow document (document_id) or a cabinet file, with what signing it needs. */
export const roomDocumentView = z.object({
  id: z.number(),
  label: z.string(),
  filename: z.string(),
  file_id: z.number().nullable(),
  document_id: z.number().nullable(),
  /** The workflow document's status (signing state), null for a cabinet file. */
  status: z.string().nullable(),
  /** Spec 3 §4 "Documents needing signature", for this viewer. */
  requires_signature: z.boolean(),
});
export type RoomDocumentView = z.infer<typeof roomDocumentView>;

export const roomTableField = z.object({ key: z.string(), label: z.string(), type: z.string() });
export type RoomTableField = z.infer<typeof roomTableField>;

export const roomTableView = z.object({
  id: z.number(),
  resource_type_id: z.number(),
  label: z.string(),
  fields: z.array(roomTableField),
  rows: z.array(
    z.object({ resource_id: z.number(), name: z.string(), values: z.record(z.string(), z.string()) }),
  ),
});
export type RoomTableView = z.infer<typeof roomTableView>;

/** THE overview of a room (spec 3 §2 Overview sections), for an admin or a visitor. */
export const roomOverview = z.object({
  documents: z.array(roomDocumentView),
  links: z.array(roomLinkView),
  tables: z.array(roomTableView),
  summary: z.object({ documents: z.number(), required: z.number() }),
  badges: z.object({ requiring_signature: z.number() }),
  /** The room's report tables, rows narrowed for the viewer (modules/reports/room-reports.ts). */
  reports: z.array(roomReportView),
});
export type RoomOverview = z.infer<typeof roomOverview>;

/** GET /api/account/admin/room/{id} and GET /api/user/rooms/{id} */
export const roomDetail = z.object({ room: roomView, overview: roomOverview });
export type RoomDetail = z.infer<typeof roomDetail>;

/** GET /api/account/admin/room/{id}/code-link: the general access link (Copy General Access Link). */
export const roomCodeLink = z.object({ code: z.string(), url: z.string() });
export type RoomCodeLink = z.infer<typeof roomCodeLink>;

/** POST …/link and PUT …/link/{linkId}: a URL is required; an empty label is the URL. */
export const roomLinkBody = z.object({ link: z.string().max(2000), label: label.optional() });
export type RoomLinkBody = z.infer<typeof roomLinkBody>;

/** POST …/document: a workflow document (document_history_id) or a cabinet file. */
export const addRoomDocumentBody = z.object({
  document_history_id: rowId.optional(),
  file_id: rowId.optional(),
  label: label.optional(),
});
export type AddRoomDocumentBody = z.infer<typeof addRoomDocumentBody>;

/** PUT …/document/{docId} */
export const updateRoomDocumentBody = z.object({ label });
export type UpdateRoomDocumentBody = z.infer<typeof updateRoomDocumentBody>;

const fieldsList = z.array(roomTableField.extend({ key: z.string().min(1).max(200) })).max(100);

/**
 * POST …/feature: add a table of a resource type (with its fields and, optionally, records), add a
 * record (a resource) to a table, or add fields to a table.
 */
export const addRoomFeatureBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('table'),
    resource_type_id: z.number().int().min(0).max(1000),
    label: label.optional(),
    fields: fieldsList,
    resource_ids: z.array(rowId).max(500).optional(),
  }),
  z.object({ kind: z.literal('record'), table_id: rowId, resource_id: rowId }),
  z.object({ kind: z.literal('fields'), table_id: rowId, fields: fieldsList }),
]);
export type AddRoomFeatureBody = z.infer<typeof addRoomFeatureBody>;

/** PUT …/feature/{featureId}: rename a table. */
export const renameRoomFeatureBody = z.object({ label });

/** DELETE …/feature/{featureId}?field=key | ?resource_id=id | (the whole table) */
export const removeRoomFeatureQuery = z.object({
  field: z.string().min(1).max(200).optional(),
  resource_id: rowIdParam.optional(),
});

/** GET /api/account/feature?resource_type_id= : the fields a table of that type may show. */
export const featureChoicesQuery = z.object({ resource_type_id: z.coerce.number().int().min(0).max(1000) });
export const featureChoices = z.array(roomTableField);

/** GET /api/user/rooms: the user's rooms across their workspaces (not role 3), newest first. */
export const userRoomView = z.object({
  id: z.number(),
  label: z.string(),
  type: z.string().nullable(),
  status: z.string(),
  open: z.boolean(),
  /** With open and strict, the room's access mode (Private, Open, Sign-in Required). */
  require_auth: z.boolean(),
  strict: z.boolean(),
  account: z.object({ id: z.number(), name: z.string() }),
  counts: z.object({ documents: z.number(), links: z.number(), tables: z.number() }),
  created_at: z.string(),
});
export type UserRoomView = z.infer<typeof userRoomView>;

/** Room admin messages the spec leaves unworded (its own texts are in constants.ts). */
export const ROOM_ADMIN_MESSAGES = {
  restricted: 'Rooms are not available in this workspace.',
  notFound: 'Room not found',
  nameRequired: 'Enter a room name.',
  linkRequired: 'Enter the URL of the link.',
  signInWhileOpen: 'Sign-in can only be changed while the room is open.',
  statusUntyped: 'Only rooms with a type have a status.',
  ndaNotPdf: 'The NDA must be a PDF from the file cabinet.',
  documentRequired: 'Select a document.',
  fieldsRequired: 'Select at least one field.',
  resourceRequired: 'Select a resource of the table’s type.',
} as const;

/** GET /api/user/rooms/{id}: a room of one of the user's workspaces, its overview and the user's abilities. */
export const userRoomDetail = z.object({
  room: userRoomView,
  overview: roomOverview,
  abilities: roomAbilities,
  /** The room's latest visit by anyone for its admins; the user's own latest visit for anyone else. */
  last_visit_at: z.string().nullable(),
});
export type UserRoomDetail = z.infer<typeof userRoomDetail>;
