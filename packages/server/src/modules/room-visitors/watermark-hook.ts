import type { RoomRow } from './find-room.ts';
import type { RoomViewer } from './policies.ts';

/**
 * HOOK POINT (watermark): where a room's PDFs get the viewer's email and the time stamped on each page
 * before they leave. The extras helper writes the watermark adapter (`applyWatermark`); until it is wired
 * here, bytes pass through unchanged. Called for every guest file answer, previews and downloads alike.
 */
export async function watermarkForViewer(
  bytes: Buffer,
  _file: { contentType: string },
  room: RoomRow,
  _viewer: RoomViewer,
): Promise<Buffer> {
  if (!room.watermark) return bytes;
  // Wire: return applyWatermark(bytes, { email: viewerEmail, at: new Date() }) for application/pdf.
  return bytes;
}
