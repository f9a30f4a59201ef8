import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { spool } from '../../adapters/storage/spool.ts';
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { uploadFailure } from '../../http/upload-failure.ts';
import type { Upload } from './store-uploads.ts';

/**
 * Every file part of a multipart request, spooled to DATA_DIR/tmp as it arrives (the plugin caps each
 * file's size), then handed to `use`; the spooled files are removed afterwards, whatever happens.
 * Shared by the cabinet's upload and a task's document upload. A body that is not well-formed multipart,
 * or has a part that is not a file, is bad input (400). The route must declare `config.upload`, which
 * gives the OpenAPI document its multipart body (http/openapi.ts): without it, the upload fails loudly.
 */
export async function withUploads<T>(
  ctx: AppContext,
  request: FastifyRequest,
  use: (uploads: Upload[]) => Promise<T>,
): Promise<T> {
  if (!request.routeOptions.config.upload) {
    throw new Error(
      `${request.routeOptions.method} ${request.routeOptions.url} reads files: declare config.upload`,
    );
  }
  if (!request.isMultipart()) throw invalid({ file: 'Choose a file to upload.' });
  const uploads: Upload[] = [];
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') throw invalid({ file: 'Only files can be sent to this upload.' });
        const file = await spool(part.file, path.join(ctx.config.dataDir, 'tmp'));
        uploads.push({ filename: part.filename, file });
        if (part.file.truncated) throw tooLarge(ctx.config.uploadMaxBytes);
      }
    } catch (error) {
      throw unreadableUpload(error);
    }
    return await use(uploads);
  } catch (error) {
    throw uploadFailure(request, error);
  } finally {
    await Promise.all(uploads.map((upload) => fs.rm(upload.file.path, { force: true })));
  }
}

/** A file past the plugin's cap (UPLOAD_MAX_MB): 413, naming the limit, on the file field as a 400 would. */
function tooLarge(maxBytes: number) {
  const message = `The file is too large (${Math.floor(maxBytes / (1024 * 1024))} MB at most).`;
  return new AppError('PAYLOAD_TOO_LARGE', message, { file: message });
}

/** The parser's complaints (bad boundary, cut-off body, broken headers) are the client's; disk errors are ours. */
function unreadableUpload(error: unknown) {
  const failure = error as Error & { statusCode?: number; syscall?: string };
  if (failure instanceof AppError || failure.syscall) return failure;
  if (failure.statusCode && failure.statusCode < 500) return failure;
  return invalid({ file: 'The upload could not be read: its multipart body is malformed or incomplete.' });
}
