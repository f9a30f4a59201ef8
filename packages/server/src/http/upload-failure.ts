import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export const STORAGE_FULL_MESSAGE = 'The server is out of storage space; the file was not saved.';

/** ENOSPC (no space left on the device), EDQUOT (over quota), or PostgreSQL's disk_full. */
function isOutOfSpace(error: unknown): boolean {
  for (
    let link = error as { code?: unknown; cause?: unknown } | null, depth = 0;
    link && depth < 8;
    depth++
  ) {
    if (link.code === 'ENOSPC' || link.code === 'EDQUOT' || link.code === '53100') return true;
    link = link.cause as typeof link;
  }
  return false;
}

/**
 * An upload that failed part way: the rest of its body is read and dropped, so the client (which is
 * usually still sending) gets the answer and its keep-alive connection stays usable, instead of both
 * sides waiting on each other. A full disk becomes STORAGE_FULL (507) and is logged for the operator.
 */
export function uploadFailure(request: FastifyRequest, error: unknown): unknown {
  request.raw.unpipe();
  request.raw.resume();
  if (!isOutOfSpace(error)) return error;
  request.log.error({ err: error }, 'upload refused: the server is out of storage space');
  return new AppError('STORAGE_FULL', STORAGE_FULL_MESSAGE);
}
