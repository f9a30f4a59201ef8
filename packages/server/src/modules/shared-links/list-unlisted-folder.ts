import type { UnlistedFolderListing, UnlistedFolderQuery } from '@charter/domain';
import type { AppContext } from '../../context.ts';
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
  ctx: AppContext;
  tx: Tx;
  query: UnlistedFolderQuery;
}): Promise<UnlistedFolderListing> {
  const { ctx, tx, query } = input;
  const scope = await resolveUnlistedScope(ctx, tx, query.access_code);
  const folder = folderUnderRoot(scope, query.path);
  const listing = await readFolder(tx, scope.accountId, folder, query);
  if (!listing.exists) throw notFound('Folder not found');
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
