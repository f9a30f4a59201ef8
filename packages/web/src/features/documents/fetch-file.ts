import { apiBlob } from '../../api/client.ts';

/** GET /api/account/box/file/{id} */
export const fetchFile = (companyId: number, fileId: number) =>
  apiBlob(`/api/account/box/file/${fileId}`, companyId);
