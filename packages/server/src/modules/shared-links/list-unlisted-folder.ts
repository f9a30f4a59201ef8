import type { UnlistedFolderListing, UnlistedFolderQuery } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { readFolder } from '../cabinet/list-folder.ts';
import { parentOf } from '../cabinet/paths.ts';
import { folderUnderRoot, relativeToRoot, resolveUnlistedScope } from './unlisted-scope.ts';

/**
 * GET /api/unlisted/account/storage/folder?path=&access_code=: a folder under the code's root, its
 * subfolders and a page of its files, every path relative to the root (the visitor never learns what lies
 * above it, not even its name).
 */
export async function listUnlistedFolder(input: {
  tx: Tx;
  query: UnlistedFolderQuery;
}): Promise<UnlistedFolderListing> {
  const { tx, query } = input;
  const scope = await resolveUnlistedScope(tx, query.access_code);
  const folder = folderUnderRoot(scope, query.path);
  const form = scope.kind === 'form';
  // A form's folder has no subfolders to show (see UnlistedScope.fileScope).
  if (form && folder !== scope.rootPath) throw notFound('Folder not found');
  const listing = await readFolder(
    tx,
    scope.accountId,
    folder,
    query,
    scope.fileScope?.(tx, scope.accountId),
  );
  if (!listing.exists) {
    // A form's folder is made by its first upload: until then it is empty, not missing.
    if (!form) throw notFound('Folder not found');
    listing.files = [];
    listing.total = 0;
  }
  if (form) listing.folders = [];
  const path = relativeToRoot(scope, folder);
  return {
    kind: scope.kind,
    can_write: scope.canWrite,
    expires_at: scope.expiresAt?.toISOString() ?? null,
    path,
    parent_path: parentOf(path),
    folders: listing.folders.map(([, name, folderPath]) => ({
      name,
      path: relativeToRoot(scope, folderPath),
    })),
    files: listing.files.map(([id, filename, contentType, size, createdAt]) => ({
      id,
      filename,
      content_type: contentType,
      size,
      created_at: new Date(createdAt).toISOString(),
    })),
    total_files: listing.total,
  };
}
