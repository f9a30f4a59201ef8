import type { CabinetSearchQuery, CabinetSearchResult } from '@charter/domain';
import { and, asc, count, eq, ilike } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files, folders } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { fileAbilities, heldByDocument } from './policies.ts';
import { presentFolder, presentListedFile } from './presenters.ts';

/** At most this many folders come with a search (they are not paged; the files are). */
const FOLDERS_SHOWN = 50;

/** `text` matched literally inside an ILIKE pattern (its % _ and \ escaped). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * GET /api/account/storage/search?q=: the folders and files of the whole cabinet whose name holds q
 * (any case), folders by path, files by name a page at a time, with the count of all matching files.
 */
export async function searchCabinet(input: {
  tx: Tx;
  actor: MemberActor;
  query: CabinetSearchQuery;
}): Promise<CabinetSearchResult> {
  const { tx, actor, query } = input;
  const pattern = containing(query.q);
  const matchingFiles = and(eq(files.accountId, actor.accountId), ilike(files.filename, pattern));
  const folderRows = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.accountId, actor.accountId), ilike(folders.name, pattern)))
    .orderBy(asc(folders.path))
    .limit(FOLDERS_SHOWN);
  const fileRows = await tx
    .select({
      id: files.id,
      filename: files.filename,
      contentType: files.contentType,
      size: files.size,
      folder: files.folder,
      createdAt: files.createdAt,
      isDocument: heldByDocument.mapWith(Boolean),
    })
    .from(files)
    .where(matchingFiles)
    .orderBy(asc(files.filename), asc(files.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await tx.select({ total: count() }).from(files).where(matchingFiles);
  return {
    folders: folderRows.map(presentFolder),
    files: fileRows.map((row) => presentListedFile(row, fileAbilities(actor, row))),
    total_files: total,
  };
}
