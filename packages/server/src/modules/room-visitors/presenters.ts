import type {
  GuestHistoryEntryView,
  GuestRoomDocumentView,
  GuestRoomView,
  RoomOverview,
} from '@charter/domain';
import type { roomHistory, roomLinks } from '../../db/schema/index.ts';
import type { RoomRow } from './find-room.ts';
import { mayDownload, type RoomViewer } from './policies.ts';
import type { RoomDocumentRow } from './room-contents.ts';

const isNewSince = (since: Date | null, created: Date, updated?: Date) =>
  since !== null &&
  (created.getTime() > since.getTime() || (updated !== undefined && updated.getTime() > since.getTime()));

/** The emails a viewer signs with ('any' for admins, who see every document still to sign). */
export function viewerEmails(viewer: RoomViewer): string[] | 'any' {
  if (viewer.kind === 'admin') return 'any';
  return viewer.visitor.email ? [viewer.visitor.email.toLowerCase()] : [];
}

/**
 * The guest room: each document once, as the overview presents it (rooms/overview.ts presentRoomDocument)
 * with this viewer's marks (may download, new since their previous visit); the overview's other sections.
 */
export function presentGuestRoom(input: {
  room: RoomRow;
  viewer: RoomViewer;
  previousVisitAt: Date | null;
  documents: RoomDocumentRow[];
  links: Pick<typeof roomLinks.$inferSelect, 'id' | 'label' | 'link' | 'createdAt'>[];
  overview: RoomOverview;
  nda: GuestRoomView['nda'];
}): GuestRoomView {
  const { room, viewer, previousVisitAt, nda } = input;
  // While the room's NDA is unsigned nothing of its documents shows (the NDA itself is nda.file_id).
  const gated = nda.required && nda.status !== 'signed';
  const { documents: presented, ...sections } = input.overview;
  const rows = new Map(input.documents.map((row) => [row.id, row]));
  const documents: GuestRoomDocumentView[] = gated
    ? []
    : presented.map((document) => {
        const row = rows.get(document.id);
        // Named properties, not a spread: a room may hold hundreds of documents, polled by every viewer.
        return {
          id: document.id,
          label: document.label,
          filename: document.filename,
          file_id: document.file_id,
          document_id: document.document_id,
          status: document.status,
          requires_signature: document.requires_signature,
          can_download: document.file_id !== null && mayDownload(room, viewer, document.requires_signature),
          is_new: row ? isNewSince(previousVisitAt, row.createdAt, row.updatedAt) : false,
        };
      });
  const overview = gated
    ? { ...sections, summary: { documents: 0, required: 0 }, badges: { requiring_signature: 0 } }
    : sections;
  return {
    room: {
      label: room.label,
      type: room.type,
      status: room.status,
      read_only: room.readOnly,
      watermark: room.watermark,
    },
    viewer: {
      kind: viewer.kind,
      email: viewer.kind === 'admin' ? viewer.email : viewer.visitor.email,
      name: viewer.kind === 'admin' ? viewer.name : viewer.visitor.name,
      admin_path: viewer.kind === 'admin' ? `/c/${room.accountId}/rooms/${room.id}` : null,
      previous_visit_at: previousVisitAt?.toISOString() ?? null,
    },
    signature_count: documents.filter((d) => d.requires_signature).length,
    documents,
    links: input.links.map((link) => ({
      id: link.id,
      label: link.label,
      link: link.link,
      is_new: isNewSince(previousVisitAt, link.createdAt),
    })),
    overview,
    nda,
  };
}

export function presentHistoryEntry(row: typeof roomHistory.$inferSelect): GuestHistoryEntryView {
  return {
    id: row.id,
    action: row.action,
    label: row.label,
    sublabel: row.sublabel,
    file_id: row.fileId,
    page: row.page,
    seconds: row.seconds,
    created_at: row.createdAt.toISOString(),
  };
}
