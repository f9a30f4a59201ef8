import { watermarkText } from '../../adapters/pdf/watermark.ts';
import { offThread } from '../../adapters/untrusted/pool.ts';
import type { RoomRow } from './scope.ts';

/** What the watermark names when the visitor gave no email. */
export const ANONYMOUS_VIEWER = 'Anonymous visitor';

const isPdf = (bytes: Uint8Array, contentType: string) =>
  contentType.split(';')[0].trim().toLowerCase() === 'application/pdf' ||
  Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/**
 * What a room hands a visitor for a preview or a download: with the room's watermark on and a PDF (a
 * file, or an office file's preview PDF), the PDF with the viewer's email and the time across every page;
 * anything else as it is. One call for previews and downloads, so neither path forgets it. A PDF that
 * cannot be read rejects rather than go out unmarked.
 */
export async function maybeWatermark(input: {
  room: Pick<RoomRow, 'watermark'>;
  /** The visitor's email; null for an anonymous visitor of an open room. */
  viewerEmail: string | null;
  bytes: Uint8Array;
  contentType: string;
  now?: Date;
}): Promise<Uint8Array> {
  const { room, bytes, contentType } = input;
  if (!room.watermark || !isPdf(bytes, contentType)) return bytes;
  const text = watermarkText(input.viewerEmail || ANONYMOUS_VIEWER, input.now ?? new Date());
  // In the worker: pdf-lib reads and rewrites the whole file, which takes long for a large one.
  return offThread('watermarkPdf', [bytes, text]);
}
