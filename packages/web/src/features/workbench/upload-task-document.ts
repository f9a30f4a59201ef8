import type { TaskUploadResponse } from '@charter/domain';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../api/api-error.ts';
import { ensureAccessToken } from '../../api/token-renewal.ts';

/** POST /api/account/task/{id}/upload: the task's document, one file, as multipart form data. */
export async function uploadTaskDocument(companyId: number, taskId: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api/account/task/${taskId}/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await ensureAccessToken(companyId)}` },
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, body);
  return body as TaskUploadResponse;
}
