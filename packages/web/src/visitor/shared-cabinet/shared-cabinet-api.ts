import type { FileLink, UnlistedFolderListing } from '@charter/domain';
import { ApiError, type ApiErrorBody, NETWORK_ERROR_MESSAGE } from '../../api/api-error.ts';

/** A GET of the unlisted storage routes: the access code is the only credential, no cookie is sent. */
async function getUnlisted<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'omit' });
  } catch {
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  const text = await response.text();
  if (!response.ok) {
    let body: ApiErrorBody = {};
    try {
      body = JSON.parse(text) as ApiErrorBody;
    } catch {
      // Not JSON: the status says what happened.
    }
    throw new ApiError(response.status, body);
  }
  return JSON.parse(text) as T;
}

/** GET /api/unlisted/account/storage/folder: `path` is relative to the folder the link opens. */
export const fetchSharedFolder = (code: string, path: string) =>
  getUnlisted<UnlistedFolderListing>(
    `/api/unlisted/account/storage/folder?access_code=${encodeURIComponent(code)}&path=${encodeURIComponent(path)}`,
  );

/** GET /api/unlisted/storage/token: a short-lived url for one file. */
export const fetchSharedFileLink = (code: string, fileId: number) =>
  getUnlisted<FileLink>(
    `/api/unlisted/storage/token?access_code=${encodeURIComponent(code)}&file_id=${fileId}`,
  );
