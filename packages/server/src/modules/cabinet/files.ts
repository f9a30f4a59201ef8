import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import yazl from 'yazl';
import { checkUpload, safeFilename } from '../../adapters/storage/file-types.ts';
import type { Spooled } from '../../adapters/storage/spool.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { documents, files } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import { ensureFolder, presentFile } from './folders.ts';
import { normalizePath } from './paths.ts';

/** An uploaded file, spooled to disk as it arrived (see readUploads). */
export type Upload = { filename: string; file: Spooled };
export const FILE_IS_DOCUMENT = "This file is a task's document and cannot be deleted from the cabinet.";
/** Spec 3 §9: uploads land in /Miscellaneous/Data Room unless a folder is named. */
export const DEFAULT_UPLOAD_FOLDER = '/Miscellaneous/Data Room';
export const MAX_FILES_PER_UPLOAD = 100;

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
}) {
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

export const findFile = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, files, actor, id, { what: 'File not found' });

type FileInput = { tx: Tx; actor: MemberActor; id: number };

/** GET /api/account/box/file/{id}/info */
export async function fileInfo({ tx, actor, id }: FileInput) {
  const row = await findFile(tx, actor, id);
  return { ...presentFile(row), sha256: row.sha256 };
}

/** PUT /api/account/box/file/{id}: a new name (its extension kept) or folder. */
export async function updateFile({
  tx,
  actor,
  id,
  input,
}: FileInput & { input: { filename?: string; path?: string } }) {
  const row = await findFile(tx, actor, id);
  const changes: Partial<typeof files.$inferInsert> = {};
  if (input.filename !== undefined) {
    const extension = row.filename.includes('.') ? row.filename.slice(row.filename.lastIndexOf('.')) : '';
    let name = safeFilename(input.filename);
    if (extension && !name.toLowerCase().endsWith(extension.toLowerCase())) name = `${name}${extension}`;
    changes.filename = name;
  }
  if (input.path !== undefined) {
    changes.folder = normalizePath(input.path);
    await ensureFolder(tx, actor.accountId, changes.folder);
  }
  const [updated] = await tx.update(files).set(changes).where(eq(files.id, id)).returning();
  return presentFile(updated);
}

/** DELETE /api/account/box/file/{id}: not a task's document (that one goes with its task). */
export async function deleteFile({ tx, actor, id }: FileInput) {
  const row = await findFile(tx, actor, id);
  const [document] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.fileId, id))
    .limit(1);
  if (document) throw new AppError('CONFLICT', FILE_IS_DOCUMENT);
  await tx.delete(files).where(eq(files.id, id));
  return row;
}

/** 'a.pdf', 'a.pdf' -> 'a.pdf', 'a (2).pdf' */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
}

/**
 * POST /api/account/storage/download-zip: the chosen files as one zip, streamed: each file is read
 * from storage only when the zip reaches it.
 */
export async function zipFiles(input: {
  ctx: AppContext;
  actor: MemberActor;
  ids: number[];
}): Promise<Readable> {
  const { ctx, actor, ids } = input;
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({
      id: files.id,
      filename: files.filename,
      storageKey: files.storageKey,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(and(eq(files.accountId, actor.accountId), inArray(files.id, unique)));
  if (rows.length !== unique.length) throw notFound('File not found');
  const names = uniqueNames(rows.map((r) => r.filename));
  const zip = new yazl.ZipFile();
  const add = async (index: number) => {
    if (index >= rows.length) {
      zip.end();
      return;
    }
    const stream = (await ctx.storage.getStream(rows[index].storageKey)) as Readable;
    zip.addReadStream(stream, names[index], { mtime: rows[index].createdAt });
    // The next file is opened once this one has been read into the zip.
    stream.once(
      'end',
      () => void add(index + 1).catch((error) => (zip.outputStream as Readable).destroy(error)),
    );
    stream.once('error', (error) => (zip.outputStream as Readable).destroy(error));
  };
  await add(0);
  return zip.outputStream as Readable;
}
