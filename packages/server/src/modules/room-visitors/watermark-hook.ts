import { maybeWatermark } from '../room-nda/maybe-watermark.ts';
import type { RoomRow } from './find-room.ts';
import type { RoomViewer } from './policies.ts';

/**
 * Every room file a viewer gets, previews and downloads alike, passes here: with the room's watermark on,
 * a PDF carries the viewer's email and the time on each page (room-nda/maybe-watermark.ts).
 */
export async function watermarkForViewer(
  bytes: Buffer,
  file: { contentType: string },
  room: RoomRow,
  viewer: RoomViewer,
): Promise<Buffer> {
  const viewerEmail = viewer.kind === 'admin' ? viewer.email : viewer.visitor.email;
  const marked = await maybeWatermark({ room, viewerEmail, bytes, contentType: file.contentType });
  return marked === bytes ? bytes : Buffer.from(marked);
}
