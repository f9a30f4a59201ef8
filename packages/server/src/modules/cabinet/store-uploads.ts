import { MAX_FILES_PER_UPLOAD, type StoredFile } from '@charter/domain';
import { checkUpload, safeFilename } from '../../adapters/storage/file-types.ts';
import type { Spooled } from '../../adapters/storage/spool.ts';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { ensureFolder } from './ensure-folder.ts';
import { normalizePath } from './paths.ts';
import { presentFile } from './presenters.ts';

/** An uploaded file, spooled to disk as it arrived (see withUploads). */
export type Upload = { filename: string; file: Spooled };
/** Spec 3 §9: uploads land in /Miscellaneous/Data Room unless a folder is named. */
export const DEFAULT_UPLOAD_FOLDER = '/Miscellaneous/Data Room';

/**
 * Stores uploaded files in a folder: every file is checked first (type by its bytes), so a refused
 * batch stores nothing; bytes are written before the rows naming them, and removed again if the rows
 * cannot be written.
 */
export async function storeUploads(input: {
  ctx: AppContext;
  actor: MemberActor;
  folder: string;
  uploads: Upload[];
}): Promise<StoredFile[]> {
  const { ctx, actor, folder, uploads } = input;
  const accountId = actor.accountId;
  const path = normalizePath(folder);
  if (uploads.length === 0) throw invalid({ file: 'Choose a file to upload.' });
  if (uploads.length > MAX_FILES_PER_UPLOAD)
    throw invalid({ file: `Upload at most ${MAX_FILES_PER_UPLOAD} files at once.` });
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
