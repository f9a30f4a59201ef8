import { MAX_FILES_PER_UPLOAD, type StoredFile } from '@charter/domain';
import { checkUpload, safeFilename } from '../../adapters/storage/file-types.ts';
import type { Spooled } from '../../adapters/storage/spool.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { ensureFolder } from './ensure-folder.ts';
import { normalizePath } from './paths.ts';
import { presentFile } from './presenters.ts';

/** An uploaded file, spooled to disk as it arrived (see withUploads). */
export type Upload = { filename: string; file: Spooled };
/** Spec 3 §9: uploads land in /Miscellaneous/Data Room unless a folder is named. */
export const DEFAULT_UPLOAD_FOLDER = '/Miscellaneous/Data Room';

/** Who stores files: a member, or (userId null) an outside form's filler, in the form's workspace. */
export type Uploader = { accountId: number; userId: number | null };

/**
 * Stores uploaded files in a folder: every file is checked first (type by its bytes), so a refused
 * batch stores nothing; bytes are written before the rows naming them, and removed again if the rows
 * cannot be written.
 */
export async function storeUploads(input: {
  ctx: AppContext;
  actor: Uploader;
  folder: string;
  uploads: Upload[];
  /** At most this many files (default MAX_FILES_PER_UPLOAD), refused with `tooMany`. */
  maxFiles?: number;
  tooMany?: string;
  /** Checked again inside the transaction that writes the rows (a form finalized meanwhile, say). */
  guard?: (tx: Tx) => Promise<void>;
}): Promise<StoredFile[]> {
  const { ctx, actor, folder, uploads } = input;
  const maxFiles = input.maxFiles ?? MAX_FILES_PER_UPLOAD;
  const accountId = actor.accountId;
  const path = normalizePath(folder);
  if (uploads.length === 0) throw invalid({ file: 'Choose a file to upload.' });
  if (uploads.length > maxFiles)
    throw invalid({ file: input.tooMany ?? `Upload at most ${maxFiles} files at once.` });
  const checked = uploads.map((upload) => {
    const result = checkUpload(upload.filename, upload.file.sample, upload.file.size);
    if (!result.ok)
      throw new AppError('VALIDATION_ERROR', result.message, {
        [safeFilename(upload.filename)]: result.message,
      });
    return { ...upload, contentType: result.contentType };
  });
  const stored: { key: string; size: number; sha256: string }[] = [];
  try {
    for (const upload of checked) stored.push(await ctx.storage.putFile(upload.file.path, upload.file));
    const presented = await ctx.db.transaction(async (tx) => {
      await input.guard?.(tx);
      await ensureFolder(tx, accountId, path);
      const rows = await tx
        .insert(files)
        .values(
          checked.map((upload, index) => ({
            accountId,
            filename: safeFilename(upload.filename),
            contentType: upload.contentType,
            size: stored[index].size,
            sha256: stored[index].sha256,
            storageKey: stored[index].key,
            folder: path,
            createdBy: actor.userId,
          })),
        )
        .returning();
      return rows.map(presentFile);
    });
    // A batch writes a row per file: the embedded database counts them toward its next vacuum.
    ctx.maintenance?.noteWrite(checked.length - 1);
    return presented;
  } catch (error) {
    await Promise.all(stored.map((s) => ctx.storage.remove(s.key).catch(() => undefined)));
    throw error;
  }
}
