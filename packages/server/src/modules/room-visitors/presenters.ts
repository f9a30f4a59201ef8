import type { GuestHistoryEntryView, GuestRoomView, RoomOverview } from '@charter/domain';
import type { roomHistory, roomLinks } from '../../db/schema/index.ts';
import type { RoomRow } from './find-room.ts';
import { mayDownload, type RoomViewer } from './policies.ts';
import { needsSignature, type RoomDocumentRow } from './room-contents.ts';

const isNewSince = (since: Date | null, ...dates: Date[]) =>
  since !== null && dates.some((date) => date.getTime() > since.getTime());

/** The emails a viewer signs with ('any' for admins, who see every document still to sign). */
export function viewerEmails(viewer: RoomViewer): string[] | 'any' {
  if (viewer.kind === 'admin') return 'any';
  return viewer.visitor.email ? [viewer.visitor.email.toLowerCase()] : [];
}

export function presentGuestRoom(input: {
  room: RoomRow;
  viewer: RoomViewer;
  previousVisitAt: Date | null;
  documents: RoomDocumentRow[];
  links: (typeof roomLinks.$inferSelect)[];
  overview: RoomOverview;
  nda: GuestRoomView['nda'];
}): GuestRoomView {
  const { room, viewer, previousVisitAt, nda } = input;
  // While the room's NDA is unsigned nothing of its documents shows (the NDA itself is nda.file_id).
  const gated = nda.required && nda.status !== 'signed';
  const overview: RoomOverview = gated
    ? {
        ...input.overview,
        documents: [],
        summary: { documents: 0, required: 0 },
        badges: { requiring_signature: 0 },
      }
    : input.overview;
  const emails = viewerEmails(viewer);
  const documents = (gated ? [] : input.documents).map((row) => {
    const signs = needsSignature(row, emails);
    return {
      id: row.id,
      label: row.label,
      filename: row.filename,
      file_id: row.fileId,
      needs_signature: signs,
      can_download: row.fileId !== null && mayDownload(room, viewer, signs),
      is_new: isNewSince(previousVisitAt, row.createdAt, row.updatedAt),
    };
  });
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
    signature_count: documents.filter((d) => d.needs_signature).length,
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
