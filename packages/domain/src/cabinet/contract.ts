import { z } from 'zod';
import { int32Param, offsetParam, rowId } from '../contract/common.ts';

/**
 * The file cabinet: folders, stored files, their short-lived links. Request schemas are validated by the
 * server on the way in, response schemas on the way out (and listed in /api/docs); the web app imports
 * the inferred types.
 */

/** The server takes at most this many files in one upload. */
export const MAX_FILES_PER_UPLOAD = 100;
/** A zip of the cabinet holds at most this many files. */
export const MAX_FILES_PER_ZIP = MAX_FILES_PER_UPLOAD * 10;

/** A folder path ('/', '/Legal/2024'); the server normalizes and checks each segment. */
const folderPath = z.string().max(2000);

/** GET /api/account/storage/folder */
export const folderQuery = z.object({
  path: folderPath.default('/'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: offsetParam,
});
export type FolderQuery = z.infer<typeof folderQuery>;

/** POST /api/account/storage/folder */
export const createFolderBody = z.object({ path: folderPath });
export type CreateFolderBody = z.infer<typeof createFolderBody>;

/** PATCH /api/account/storage/folder/{id} */
export const renameFolderBody = z.object({ name: z.string().max(200) });
export type RenameFolderBody = z.infer<typeof renameFolderBody>;

/** POST /api/account/storage/upload?path= (the files come as multipart parts) */
export const uploadQuery = z.object({ path: folderPath.default('/') });

/** PUT /api/account/box/file/{id}: a new name (its extension kept) or folder. */
export const updateFileBody = z.object({
  filename: z.string().max(300).optional(),
  path: folderPath.optional(),
});
export type UpdateFileBody = z.infer<typeof updateFileBody>;

/** POST /api/account/storage/download-zip */
export const zipFilesBody = z.object({ file_ids: z.array(rowId).min(1).max(MAX_FILES_PER_ZIP) });
export type ZipFilesBody = z.infer<typeof zipFilesBody>;

/** Bulk moves and deletes take at most this many files at once (a page of the listing). */
export const MAX_FILES_PER_BULK = 500;
const bulkFileIds = z.array(rowId).min(1).max(MAX_FILES_PER_BULK);

/** POST /api/account/storage/files/move: every file into one folder, or none. */
export const moveFilesBody = z.object({ file_ids: bulkFileIds, path: folderPath });
export type MoveFilesBody = z.infer<typeof moveFilesBody>;

/** POST /api/account/storage/files/delete: every file, or none. */
export const deleteFilesBody = z.object({ file_ids: bulkFileIds });
export type DeleteFilesBody = z.infer<typeof deleteFilesBody>;

/** GET /api/account/storage/search?q=: folders and files of the whole cabinet whose name holds q. */
export const cabinetSearchQuery = z.object({
  q: z.string().trim().min(1).max(200),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: offsetParam,
});
export type CabinetSearchQuery = z.infer<typeof cabinetSearchQuery>;

/** POST /api/account/storage/token */
export const fileTokenBody = z.object({ file_id: rowId });
export type FileTokenBody = z.infer<typeof fileTokenBody>;

/** GET /api/public/file/{token}?preview=1 */
export const fileTokenParams = z.object({ token: z.string().min(20).max(100) });
export const publicFileQuery = z.object({ preview: int32Param.optional() });

/** A folder of the cabinet. */
export const cabinetFolder = z.object({
  id: z.number(),
  name: z.string(),
  path: z.string(),
  parent_path: z.string(),
  created_at: z.string(),
});
export type CabinetFolder = z.infer<typeof cabinetFolder>;

/** A stored file, as uploads, renames and moves answer it. `path` is its folder. */
export const storedFile = z.object({
  id: z.number(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number(),
  path: z.string(),
  created_at: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;

/** What the caller may do with a file, by the server's policy (a task's document cannot be deleted). */
export const cabinetFileAbilities = z.object({
  download: z.boolean(),
  rename: z.boolean(),
  move: z.boolean(),
  delete: z.boolean(),
});
export type CabinetFileAbilities = z.infer<typeof cabinetFileAbilities>;

/** A file as a folder lists it: with the caller's abilities. */
export const cabinetFile = storedFile.extend({ abilities: cabinetFileAbilities });
export type CabinetFile = z.infer<typeof cabinetFile>;

/** GET /api/account/storage/folder: the subfolders and one page of the files, by name. */
export const folderListing = z.object({
  path: z.string(),
  parent_path: z.string().nullable(),
  folders: z.array(cabinetFolder),
  files: z.array(cabinetFile),
  total_files: z.number(),
});
export type FolderListing = z.infer<typeof folderListing>;

/** GET /api/account/storage/search: matching folders (the first 50) and a page of matching files. */
export const cabinetSearchResult = z.object({
  folders: z.array(cabinetFolder),
  files: z.array(cabinetFile),
  total_files: z.number(),
});
export type CabinetSearchResult = z.infer<typeof cabinetSearchResult>;

/** GET /api/account/box/file/{id}/info */
export const cabinetFileInfo = storedFile.extend({ sha256: z.string() });
export type CabinetFileInfo = z.infer<typeof cabinetFileInfo>;

/** A short-lived link to a file (POST storage/token, GET user/document/{id}/token). */
export const fileLink = z.object({ token: z.string(), url: z.string(), expires_at: z.string() });
export type FileLink = z.infer<typeof fileLink>;
