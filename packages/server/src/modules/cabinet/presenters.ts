import type {
  CabinetFile,
  CabinetFileAbilities,
  CabinetFileInfo,
  CabinetFolder,
  StoredFile,
} from '@charter/domain';
import type { files, folders } from '../../db/schema/index.ts';

type FolderRow = typeof folders.$inferSelect;
type FileRow = typeof files.$inferSelect;

export const presentFolder = (
  row: Pick<FolderRow, 'id' | 'name' | 'path' | 'parentPath' | 'createdAt'>,
): CabinetFolder => ({
  id: row.id,
  name: row.name,
  path: row.path,
  parent_path: row.parentPath,
  created_at: row.createdAt.toISOString(),
});

export const presentFile = (
  row: Pick<FileRow, 'id' | 'filename' | 'contentType' | 'size' | 'folder' | 'createdAt'>,
): StoredFile => ({
  id: row.id,
  filename: row.filename,
  content_type: row.contentType,
  size: row.size,
  path: row.folder,
  created_at: row.createdAt.toISOString(),
});

/** A file of a folder's listing, with what the caller may do with it. */
export const presentListedFile = (
  row: Parameters<typeof presentFile>[0],
  abilities: CabinetFileAbilities,
): CabinetFile => ({ ...presentFile(row), abilities });

export const presentFileInfo = (row: FileRow): CabinetFileInfo => ({
  ...presentFile(row),
  sha256: row.sha256,
});
