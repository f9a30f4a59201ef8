import { and, count, eq, like, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { documents, files, folders } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { ancestry, checkFolderName, join, nameOf, normalizePath, parentOf, ROOT } from './paths.ts';
import { fileAbilities } from './policies.ts';

export const FOLDER_EXISTS = 'A folder of that name already exists here.';
export const FOLDER_NOT_EMPTY = 'Only an empty folder can be deleted.';

type FolderRow = typeof folders.$inferSelect;
export const presentFolder = (row: FolderRow) => ({
  id: row.id,
  name: row.name,
  path: row.path,
  parent_path: row.parentPath,
  created_at: row.createdAt.toISOString(),
});

/** The folder and its ancestors exist afterwards (idempotent). */
export async function ensureFolder(tx: Tx, accountId: number, path: string) {
  const paths = ancestry(path);
  if (paths.length === 0) return;
  await tx
    .insert(folders)
    .values(paths.map((p) => ({ accountId, path: p, parentPath: parentOf(p) ?? ROOT, name: nameOf(p) })))
    .onConflictDoNothing();
}

/** POST /api/account/storage/folder */
export async function createFolder({ tx, actor, path: raw }: { tx: Tx; actor: MemberActor; path: string }) {
  const accountId = actor.accountId;
  const path = normalizePath(raw);
  if (path === ROOT) throw new AppError('VALIDATION_ERROR', 'Name the folder.', { path: 'Name the folder.' });
  const [existing] = await tx
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.accountId, accountId), eq(folders.path, path)));
  if (existing) throw new AppError('CONFLICT', FOLDER_EXISTS);
  await ensureFolder(tx, accountId, path);
  const [row] = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.accountId, accountId), eq(folders.path, path)));
  return presentFolder(row);
}

const findFolder = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, folders, actor, id, { what: 'Folder not found' });

type FolderInput = { tx: Tx; actor: MemberActor; id: number };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** PATCH /api/account/storage/folder/{id}: renamed, with every folder and file under it. */
export async function renameFolder({ tx, actor, id, name }: FolderInput & { name: string }) {
  const accountId = actor.accountId;
  const folder = await findFolder(tx, actor, id);
  const target = join(folder.parentPath, checkFolderName(name));
  if (target === folder.path) return presentFolder(folder);
  const [clash] = await tx
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.accountId, accountId), eq(folders.path, target)));
  if (clash) throw new AppError('CONFLICT', FOLDER_EXISTS);
  const old = folder.path;
  const under = `${escapeLike(old)}/%`;
  const moved = (column: typeof folders.path | typeof files.folder) =>
    sql`${target} || substr(${column}, ${old.length + 1})`;
  await tx
    .update(folders)
    .set({
      path: moved(folders.path),
      parentPath: sql`${target} || substr(${folders.parentPath}, ${old.length + 1})`,
    })
    .where(and(eq(folders.accountId, accountId), like(folders.path, under)));
  await tx
    .update(folders)
    .set({ path: target, name: nameOf(target) })
    .where(eq(folders.id, id));
  await tx
    .update(files)
    .set({ folder: moved(files.folder) })
    .where(and(eq(files.accountId, accountId), or(eq(files.folder, old), like(files.folder, under))));
  return presentFolder({ ...folder, path: target, name: nameOf(target) });
}

/** DELETE /api/account/storage/folder/{id}: only an empty one. */
export async function deleteFolder({ tx, actor, id }: FolderInput) {
  const accountId = actor.accountId;
  const folder = await findFolder(tx, actor, id);
  const [{ n: subfolders }] = await tx
    .select({ n: count() })
    .from(folders)
    .where(and(eq(folders.accountId, accountId), eq(folders.parentPath, folder.path)));
  const [{ n: inside }] = await tx
    .select({ n: count() })
    .from(files)
    .where(and(eq(files.accountId, accountId), eq(files.folder, folder.path)));
  if (subfolders > 0 || inside > 0) throw new AppError('CONFLICT', FOLDER_NOT_EMPTY);
  await tx.delete(folders).where(eq(folders.id, id));
}

type FileRow = typeof files.$inferSelect;
export const presentFile = (
  row: Pick<FileRow, 'id' | 'filename' | 'contentType' | 'size' | 'folder' | 'createdAt'>,
) => ({
  id: row.id,
  filename: row.filename,
  content_type: row.contentType,
  size: row.size,
  path: row.folder,
  created_at: row.createdAt.toISOString(),
});

/** GET /api/account/storage/folder?path=: its subfolders and a page of its files, by name. */
export async function listFolder(input: {
  tx: Tx;
  actor: MemberActor;
  query: { path: string; limit: number; offset: number };
}) {
  const { tx, actor, query } = input;
  const accountId = actor.accountId;
  const path = normalizePath(query.path);
  // One statement (one consistent snapshot, no transaction needed) returning one JSON value: PGlite's
  // cost is per round trip and per cell handed over, so the folder's check, its subfolders, the page
  // of files and their count come back together.
  const result = await tx.execute<{ data: string }>(sql`
    select json_build_object(
      'exists', ${path === ROOT} or exists (select 1 from ${folders}
                where account_id = ${accountId} and path = ${path}),
      'folders', (select coalesce(json_agg(json_build_array(d.id, d.name, d.path, d.parent_path, d.created_at)
                                           order by d.name), '[]'::json)
                  from ${folders} d where d.account_id = ${accountId} and d.parent_path = ${path}),
      'files', (select coalesce(json_agg(json_build_array(f.id, f.filename, f.content_type, f.size, f.created_at,
                                           exists (select 1 from ${documents} where file_id = f.id))
                                         order by f.filename, f.id), '[]'::json)
                from (select id, filename, content_type, size, created_at from ${files}
                      where account_id = ${accountId} and folder = ${path}
                      order by filename, id limit ${query.limit} offset ${query.offset}) f),
      'total', (select count(*) from ${files} where account_id = ${accountId} and folder = ${path}))::text as data`);
  const listing = JSON.parse(result.rows[0].data) as {
    exists: boolean;
    folders: [number, string, string, string, string][];
    files: [number, string, string, number, string, boolean][];
    total: number;
  };
  if (!listing.exists) throw notFound('Folder not found');
  return {
    path,
    parent_path: parentOf(path),
    folders: listing.folders.map(([id, name, folderPath, parentPath, createdAt]) => ({
      id,
      name,
      path: folderPath,
      parent_path: parentPath,
      created_at: new Date(createdAt).toISOString(),
    })),
    files: listing.files.map(([id, filename, contentType, size, createdAt, isDocument]) => ({
      id,
      filename,
      content_type: contentType,
      size,
      path,
      created_at: new Date(createdAt).toISOString(),
      abilities: fileAbilities(actor, { isDocument }),
    })),
    total_files: listing.total,
  };
}
