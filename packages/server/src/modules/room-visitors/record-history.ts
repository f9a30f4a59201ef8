import type { RoomHistoryBody } from '@charter/domain';
import { roomHistoryBody, VISITOR_MESSAGES } from '@charter/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { outsideForms, roomHistory, roomVisitors } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { roomFormsCondition } from '../outside-forms/scope.ts';
import type { RoomRow } from './find-room.ts';
import type { RoomViewer } from './policies.ts';
import { loadRoomDocumentsOfFile } from './room-contents.ts';
import { findRoomFile } from './room-file.ts';

type Entry = { label: string; sublabel: string; fileId: number | null; page: number | null };

/**
 * What a document entry says, from the room's own rows: the label the room gives the document that
 * opens the file (else the file's name: the NDA, a document's original), and the page for a view. A page
 * past the file's known page count is refused: the analytics would count a page that does not exist.
 */
async function documentEntry(tx: Tx, room: RoomRow, input: RoomHistoryBody): Promise<Entry> {
  if (!input.file_id) throw invalid({ file_id: VISITOR_MESSAGES.historyFileRequired });
  const file = await findRoomFile(tx, room, input.file_id);
  const page = input.action === 'view' ? (input.page ?? null) : null;
  if (page !== null && file.pageCount !== null && page > file.pageCount)
    throw invalid({ page: VISITOR_MESSAGES.historyPageBeyond });
  const [document] = await loadRoomDocumentsOfFile(tx, room.id, file.id);
  return {
    label: document?.label ?? file.filename,
    sublabel: page === null ? '' : `Page ${page}`,
    fileId: file.id,
    page,
  };
}

/** A form opened: one of the room's connected forms (outside-forms/scope.ts), named as the form is. */
async function formEntry(tx: Tx, room: RoomRow, formId: number | null | undefined): Promise<Entry> {
  if (!formId) throw invalid({ form_id: VISITOR_MESSAGES.historyFormRequired });
  const [form] = await tx
    .select({ name: outsideForms.name })
    .from(outsideForms)
    .where(
      and(
        eq(outsideForms.id, formId),
        eq(outsideForms.accountId, room.accountId),
        isNull(outsideForms.cancelledAt),
        roomFormsCondition(tx, room),
      ),
    )
    .limit(1);
  if (!form) throw notFound(VISITOR_MESSAGES.formNotInRoom);
  return { label: form.name, sublabel: '', fileId: null, page: null };
}

/**
 * POST /api/{guest|user}/rooms/{…}/history: what a visitor did (a page viewed and for how long, a download,
 * a form opened), named by ids. Every word of the entry comes from the room's rows, never from the
 * request: the owner's history and its CSV show only what the server knows. Admins previewing their own
 * room leave no history.
 */
export async function recordHistory({
  tx,
  room,
  viewer,
  entry,
}: {
  tx: Tx;
  room: RoomRow;
  viewer: RoomViewer;
  entry: RoomHistoryBody;
}): Promise<void> {
  const input = roomHistoryBody.parse(entry);
  const derived =
    input.action === 'form' ? await formEntry(tx, room, input.form_id) : await documentEntry(tx, room, input);
  if (viewer.kind !== 'visitor') return;
  await tx.insert(roomHistory).values({
    roomId: room.id,
    visitorId: viewer.visitor.id,
    action: input.action,
    label: derived.label,
    sublabel: derived.sublabel,
    fileId: derived.fileId,
    page: derived.page,
    seconds: input.action === 'view' ? (input.seconds ?? null) : null,
  });
  if (input.action !== 'form') {
    await tx
      .update(roomVisitors)
      .set({ docInteractions: sql`${roomVisitors.docInteractions} + 1` })
      .where(eq(roomVisitors.id, viewer.visitor.id));
  }
}
