import { z } from 'zod';
import { offsetParam, rowId, rowIdParam } from '../contract/common.ts';

/**
 * Share File Cabinet (spec 3 §7 /api/account/shared_link, spec 1 §6): a workspace's file cabinet, or one
 * folder of it, opened read-only by an expiring link `{link base}/shared-cabinet/{code}`; and the unlisted
 * routes its visitors (and later an outside form's uploads) use with that code.
 */

export const SHARED_LINK_DEFAULT_DAYS = 30;
export const SHARED_LINK_MAX_DAYS = 365;

/** Spec 3 §8, the texts of the Share File Cabinet page, and the one answer a dead code gets. */
export const SHARED_LINK_MESSAGES = {
  saved: 'Data Room link created/extended',
  regenerated: 'New Data Room link created',
  getFailed: 'failed to get Data Room link',
  createFailed: 'failed to create Data Room link',
  updateFailed: 'failed to update Data Room link',
  folderFailed: 'Unable to fetch folder link. If problem persists, please message our support team.',
  gone: 'This link has expired or is no longer available.',
  noLinks: 'Share File Cabinet is not available for this workspace.',
} as const;

/** A shared link as its workspace's admins see it: the url carries the code, re-derived on each read. */
export const sharedLinkView = z.object({
  id: z.number(),
  module_id: z.number().nullable(),
  root_path: z.string(),
  url: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller may extend it and make a new code (the workspace's admins). */
  abilities: z.object({ manage: z.boolean() }),
});
export type SharedLinkView = z.infer<typeof sharedLinkView>;

/** GET /api/account/shared_link: the workspace's links, and whether the caller may make one. */
export const sharedLinkList = z.object({
  links: z.array(sharedLinkView),
  abilities: z.object({ create: z.boolean() }),
});
export type SharedLinkList = z.infer<typeof sharedLinkList>;

/** POST /api/account/shared_link: create the workspace's link (for that module) or push its expiry. */
export const saveSharedLinkBody = z.object({
  module_id: rowId.nullish(),
  root_path: z.string().max(2000).optional(),
  days: z.number().int().min(1).max(SHARED_LINK_MAX_DAYS).optional(),
});
export type SaveSharedLinkBody = z.infer<typeof saveSharedLinkBody>;

/** PUT /api/account/shared_link: a new code (the old url dies) and a fresh expiry. */
export const regenerateSharedLinkBody = z.object({ id: rowId });
export type RegenerateSharedLinkBody = z.infer<typeof regenerateSharedLinkBody>;

/** An access code in a query: its shape is checked by the server before any lookup. */
const accessCode = z.string().max(100);

/** GET /api/unlisted/account/storage/folder?path=&access_code= (path relative to the link's root). */
export const unlistedFolderQuery = z.object({
  access_code: accessCode,
  path: z.string().max(2000).default('/'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: offsetParam,
});
export type UnlistedFolderQuery = z.infer<typeof unlistedFolderQuery>;

/** A folder under the link's root; `path` is relative to that root. */
export const unlistedFolder = z.object({ name: z.string(), path: z.string() });
export const unlistedFile = z.object({
  id: z.number(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number(),
  created_at: z.string(),
});
export type UnlistedFile = z.infer<typeof unlistedFile>;

/** The visitor's listing: nothing in it names a folder above the link's root. */
export const unlistedFolderListing = z.object({
  kind: z.enum(['cabinet', 'form']),
  can_write: z.boolean(),
  expires_at: z.string().nullable(),
  path: z.string(),
  parent_path: z.string().nullable(),
  folders: z.array(unlistedFolder),
  files: z.array(unlistedFile),
  total_files: z.number(),
});
export type UnlistedFolderListing = z.infer<typeof unlistedFolderListing>;

/** GET /api/unlisted/storage/token?access_code=&file_id= */
export const unlistedTokenQuery = z.object({ access_code: accessCode, file_id: rowIdParam });
export type UnlistedTokenQuery = z.infer<typeof unlistedTokenQuery>;
