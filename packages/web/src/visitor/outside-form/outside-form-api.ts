import type { OpenedStandingForm, PublicOutsideForm, PublicStandingForm } from '@charter/domain';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../api/api-error.ts';
import { getPublic, postPublic } from '../public-post.ts';

/** The public calls of an outside form: the code in the path or the body is the only credential. */

export const loadOutsideForm = (code: string, signal?: AbortSignal) =>
  getPublic<PublicOutsideForm>(`/api/public/outside_form/${encodeURIComponent(code)}`, signal);

export async function saveOutsideAnswer(input: {
  code: string;
  transactionId: number;
  feature_type_id: string;
  resource_id?: number;
  value: string;
}) {
  const { code, transactionId, ...answer } = input;
  return postPublic('/api/unlisted/flat_feature', {
    access_code: code,
    transaction_id: transactionId,
    ...answer,
  });
}

export const finalizeOutsideForm = (code: string) =>
  postPublic<{ state: 'completed'; message: string; task_finalized: boolean }>(
    `/api/public/outside_form/${encodeURIComponent(code)}/finalize`,
    { finalize_snapshot: {} },
  );

/** POST /api/unlisted/storage/upload?access_code=: one file for a document question of the form. */
export async function uploadOutsideFile(code: string, file: File): Promise<{ id: number; filename: string }> {
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api/unlisted/storage/upload?access_code=${encodeURIComponent(code)}`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body,
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  const json = (await response.json().catch(() => ({}))) as {
    id?: number;
    filename?: string;
    code?: string;
    message?: string;
  };
  if (!response.ok) throw new ApiError(response.status, { code: json.code, message: json.message });
  return { id: json.id as number, filename: json.filename as string };
}

/** GET /api/unlisted/storage/token: a short-lived link to a file uploaded through the form. */
export async function outsideFileLink(code: string, fileId: number): Promise<string> {
  const response = await fetch(
    `/api/unlisted/storage/token?access_code=${encodeURIComponent(code)}&file_id=${fileId}`,
    { headers: { accept: 'application/json' }, credentials: 'omit' },
  );
  const json = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!response.ok || !json.url) throw new ApiError(response.status, { message: json.message });
  return json.url;
}

/** GET /api/public/standing_form/{code}: the name of the form a standing link opens (makes nothing). */
export const loadStandingForm = (code: string, signal?: AbortSignal) =>
  getPublic<PublicStandingForm>(`/api/public/standing_form/${encodeURIComponent(code)}`, signal);

/** POST /api/redirect/form/{code}: makes this visitor's own copy of a standing form. */
export const openStandingForm = (code: string) =>
  postPublic<OpenedStandingForm>(`/api/redirect/form/${encodeURIComponent(code)}`);
