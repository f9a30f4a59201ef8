import { MAX_FILES_PER_UPLOAD } from '@charter/domain';
import { ApiError, type ApiErrorBody, NETWORK_ERROR_MESSAGE } from '../../api/api-error.ts';
import { ensureAccessToken } from '../../api/token-renewal.ts';
import { encodePath } from './paths.ts';
import type { StoredFile } from './types.ts';

/** The server takes at most 100 files per upload. */
export const MAX_UPLOAD_FILES = MAX_FILES_PER_UPLOAD;
export const TOO_MANY_FILES = `Upload at most ${MAX_UPLOAD_FILES} files at once.`;
export const UPLOAD_ACCEPT = '.pdf,.doc,.docx,.txt,.rtf,.odt,.wpd';
export const UPLOAD_FAILED = 'Unable to upload file at this time.';

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * POST /api/account/storage/upload?path=: one file as multipart form data. XMLHttpRequest rather than
 * fetch because only it reports upload progress; `onProgress` gets 0..100.
 */
export async function uploadFile(
  companyId: number,
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<StoredFile[]> {
  const token = await ensureAccessToken(companyId);
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/account/storage/upload?path=${encodePath(path)}`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(Array.isArray(body) ? (body as StoredFile[]) : []);
      } else {
        const error = typeof body === 'object' && body !== null ? (body as ApiErrorBody) : {};
        reject(new ApiError(xhr.status, error));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, { code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE }));
    xhr.send(form);
  });
}
