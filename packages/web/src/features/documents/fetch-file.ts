import { apiBlob, apiFile } from '../../api/client.ts';

/** GET /api/account/box/file/{id}/preview: the file as PDF (office files converted by the server). */
export const fetchPreview = (companyId: number, fileId: number) =>
  apiBlob(`/api/account/box/file/${fileId}/preview`, companyId);

/** GET /api/account/box/file/{id}?download=1: the file itself, with its stored name. */
export const fetchDownload = (companyId: number, fileId: number) =>
  apiFile(`/api/account/box/file/${fileId}?download=1`, companyId);
