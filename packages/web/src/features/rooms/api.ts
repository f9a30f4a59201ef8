import type {
  AddRoomDocumentBody,
  AddRoomFeatureBody,
  CreateRoomBody,
  ResourceView,
  RoomCodeLink,
  RoomDetail,
  RoomDocumentView,
  RoomLinkBody,
  RoomLinkView,
  RoomTableField,
  RoomTableView,
  RoomView,
  UpdateRoomBody,
} from '@charter/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiErrorBody } from '../../api/api-error.ts';
import { apiFetch } from '../../api/client.ts';
import { ensureAccessToken } from '../../api/token-renewal.ts';

/** Every room query lives under the workspace's key, so one invalidation refreshes lists and pages. */
export const roomKeys = {
  all: (companyId: number) => ['account', companyId, 'rooms'] as const,
  list: (companyId: number, openOnly: boolean) => ['account', companyId, 'rooms', 'list', openOnly] as const,
  room: (companyId: number, id: number) => ['account', companyId, 'rooms', id] as const,
  codeLink: (companyId: number, id: number) => ['account', companyId, 'rooms', id, 'code-link'] as const,
};

const base = '/api/account/admin/room';

export function useRooms(companyId: number, openOnly = false) {
  return useQuery({
    queryKey: roomKeys.list(companyId, openOnly),
    queryFn: () => apiFetch<RoomView[]>(`${base}${openOnly ? '?open=true' : ''}`, { accountId: companyId }),
  });
}

export function useRoom(companyId: number, id: number) {
  return useQuery({
    queryKey: roomKeys.room(companyId, id),
    queryFn: () => apiFetch<RoomDetail>(`${base}/${id}`, { accountId: companyId }),
  });
}

/** The general access link; asked only when wanted (Copy General Access Link, the share page). */
export function useRoomCodeLink(companyId: number, id: number, enabled = true) {
  return useQuery({
    queryKey: roomKeys.codeLink(companyId, id),
    queryFn: () => apiFetch<RoomCodeLink>(`${base}/${id}/code-link`, { accountId: companyId }),
    enabled,
  });
}

/** A call that changes rooms, then refreshes every room query of the workspace. */
export function useRoomMutation<TInput, TResult>(
  companyId: number,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.all(companyId) }),
  });
}

export const roomsApi = (companyId: number) => {
  const call = <T>(path: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown) =>
    apiFetch<T>(path, { method, body, accountId: companyId });
  return {
    create: (body: CreateRoomBody) => call<RoomView>(base, 'POST', body),
    update: (id: number, body: UpdateRoomBody) => call<RoomView>(`${base}/${id}`, 'PUT', body),
    remove: (id: number) => call<void>(`${base}/${id}`, 'DELETE'),
    regenerateCode: (id: number) => call<RoomCodeLink>(`${base}/${id}/code-link/regenerate`, 'POST'),
    addLink: (id: number, body: RoomLinkBody) => call<RoomLinkView>(`${base}/${id}/link`, 'POST', body),
    updateLink: (id: number, linkId: number, body: RoomLinkBody) =>
      call<RoomLinkView>(`${base}/${id}/link/${linkId}`, 'PUT', body),
    removeLink: (id: number, linkId: number) => call<void>(`${base}/${id}/link/${linkId}`, 'DELETE'),
    swapLinks: (id: number, a: number, b: number) =>
      call<RoomLinkView[]>(`${base}/${id}/link/${a}/swap/${b}`, 'PATCH'),
    addDocument: (id: number, body: AddRoomDocumentBody) =>
      call<RoomDocumentView>(`${base}/${id}/document`, 'POST', body),
    renameDocument: (id: number, docId: number, label: string) =>
      call<RoomDocumentView>(`${base}/${id}/document/${docId}`, 'PUT', { label }),
    removeDocument: (id: number, docId: number) => call<void>(`${base}/${id}/document/${docId}`, 'DELETE'),
    swapDocuments: (id: number, a: number, b: number) =>
      call<RoomDocumentView[]>(`${base}/${id}/document/${a}/swap/${b}`, 'PATCH'),
    uploadDocuments: (id: number, files: File[]) => uploadRoomDocuments(companyId, id, files),
    addFeature: (id: number, body: AddRoomFeatureBody) =>
      call<RoomTableView>(`${base}/${id}/feature`, 'POST', body),
    renameFeature: (id: number, tableId: number, label: string) =>
      call<RoomTableView>(`${base}/${id}/feature/${tableId}`, 'PUT', { label }),
    removeFeature: (id: number, tableId: number, query = '') =>
      call<void>(`${base}/${id}/feature/${tableId}${query}`, 'DELETE'),
  };
};

/** The fields a table of this resource type may show (GET /api/account/feature). */
export const fetchFeatureChoices = (companyId: number, resourceTypeId: number) =>
  apiFetch<RoomTableField[]>(`/api/account/feature?resource_type_id=${resourceTypeId}`, {
    accountId: companyId,
  });

/** The workspace's resources of a type, for Add Record. */
export const fetchResources = (companyId: number, resourceTypeId: number) =>
  apiFetch<ResourceView[]>(`/api/account/resource/?resource_type_id=${resourceTypeId}&limit=200`, {
    accountId: companyId,
  });

/** POST …/document/upload: files saved to the cabinet's Data Room folder, then added to the room. */
async function uploadRoomDocuments(
  companyId: number,
  id: number,
  files: File[],
): Promise<RoomDocumentView[]> {
  const token = await ensureAccessToken(companyId);
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const res = await fetch(`${base}/${id}/document/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    body: form,
  });
  const body = (await res.json().catch(() => ({}))) as unknown;
  if (!res.ok) throw new ApiError(res.status, body as ApiErrorBody);
  return body as RoomDocumentView[];
}
