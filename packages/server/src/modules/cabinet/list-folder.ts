import type { FolderListing, FolderQuery } from '@charter/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentRevisions, documents, files, folders } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { normalizePath, parentOf, ROOT } from './paths.ts';
import { fileAbilities } from './policies.ts';
import { presentFolder, presentListedFile } from './presenters.ts';

/** A folder's contents as one statement reads them (ids, names, paths, dates as JSON strings). */
export type FolderRows = {
  exists: boolean;
  folders: [number, string, string, string, string][];
  files: [number, string, string, number, string, boolean][];
  total: number;
};

/**
 * Whether the workspace's folder exists, its subfolders, one page of its files (each with whether it is a
 * task's document) and their count. Also the unlisted listing's (shared-links), with its own presenter.
 * `only` (a condition on `files`) narrows which files count, in the page and in the total alike.
 */
export async function readFolder(
  tx: Tx,
  accountId: number,
  path: string,
  page: { limit: number; offset: number },
  only?: SQL,
): Promise<FolderRows> {
  const fileFilter = only ? sql` and ${only}` : sql``;
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
                                           (exists (select 1 from ${documents} where file_id = f.id or original_file_id = f.id)
                                            or exists (select 1 from ${documentRevisions} where file_id = f.id)))
                                         order by f.filename, f.id), '[]'::json)
                from (select id, filename, content_type, size, created_at from ${files}
                      where account_id = ${accountId} and folder = ${path}${fileFilter}
                      order by filename, id limit ${page.limit} offset ${page.offset}) f),
      'total', (select count(*) from ${files}
                where account_id = ${accountId} and folder = ${path}${fileFilter}))::text as data`);
  return JSON.parse(result.rows[0].data) as FolderRows;
}

/** GET /api/account/storage/folder?path=: its subfolders and a page of its files, by name. */
export async function listFolder(input: {
  tx: Tx;
  actor: MemberActor;
  query: FolderQuery;
}): Promise<FolderListing> {
  const { tx, actor, query } = input;
  const path = normalizePath(query.path);
  const listing = await readFolder(tx, actor.accountId, path, query);
  if (!listing.exists) throw notFound('Folder not found');
  return {
    path,
    parent_path: parentOf(path),
    folders: listing.folders.map(([id, name, folderPath, parentPath, createdAt]) =>
      presentFolder({ id, name, path: folderPath, parentPath, createdAt: new Date(createdAt) }),
    ),
    files: listing.files.map(([id, filename, contentType, size, createdAt, isDocument]) =>
      presentListedFile(
        { id, filename, contentType, size, folder: path, createdAt: new Date(createdAt) },
        fileAbilities(actor, { isDocument }),
      ),
    ),
    total_files: listing.total,
  };
}
