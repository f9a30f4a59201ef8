import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiBlob, apiFetch, apiPostBlob } from '../../api/client.ts';
import { encodePath } from './paths.ts';
import type {
  CabinetFileInfo,
  CabinetFolder,
  CabinetSearchResult,
  FolderListing,
  StoredFile,
} from './types.ts';

/** Files come 200 a page ('Load more' asks for the next). */
export const FILES_PAGE_SIZE = 200;

/** Every cabinet query lives under the workspace's key, so one invalidation refreshes the cabinet. */
export const cabinetKeys = {
  all: (companyId: number) => ['account', companyId, 'cabinet'] as const,
  folder: (companyId: number, path: string) => ['account', companyId, 'cabinet', path] as const,
  file: (companyId: number, id: number) => ['account', companyId, 'cabinet', 'file', id] as const,
  search: (companyId: number, query: string) => ['account', companyId, 'cabinet', 'search', query] as const,
};

export const folderListingPath = (path: string, offset: number) =>
  `/api/account/storage/folder?path=${encodePath(path)}&limit=${FILES_PAGE_SIZE}&offset=${offset}`;

/** Pages of files: the next offset while fewer than the total are loaded. */
const nextOffset = (last: { files: unknown[]; total_files: number }, pages: { files: unknown[] }[]) => {
  const loaded = pages.reduce((n, page) => n + page.files.length, 0);
  return last.files.length > 0 && loaded < last.total_files ? loaded : undefined;
};

/** A folder's subfolders (from the first page) and its files, a page at a time. */
export function useFolderListing(companyId: number, path: string, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: cabinetKeys.folder(companyId, path),
    queryFn: ({ pageParam }) =>
      apiFetch<FolderListing>(folderListingPath(path, pageParam), { accountId: companyId }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export const searchPath = (query: string, offset: number) =>
  `/api/account/storage/search?q=${encodeURIComponent(query)}&limit=${FILES_PAGE_SIZE}&offset=${offset}`;

/** The whole cabinet's folders and files whose name holds `query` (server side: files come in pages). */
export function useCabinetSearch(companyId: number, query: string) {
  return useInfiniteQuery({
    enabled: query.length > 0,
    queryKey: cabinetKeys.search(companyId, query),
    queryFn: ({ pageParam }) =>
      apiFetch<CabinetSearchResult>(searchPath(query, pageParam), { accountId: companyId }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

/** One file's details, for a preview opened by its link rather than from the listing. */
export function useFileInfo(companyId: number, id: number | null) {
  return useQuery({
    queryKey: cabinetKeys.file(companyId, id ?? 0),
    queryFn: () => apiFetch<CabinetFileInfo>(`/api/account/box/file/${id}/info`, { accountId: companyId }),
    enabled: id !== null,
  });
}

/**
 * Every listing of the cabinet read again after a change. A first listing still in flight began before the
 * change, and TanStack Query lets an invalidation wait for a first fetch rather than restart it, so the
 * listing would show the cabinet as it was (an upload quicker than the page's first listing stayed
 * invisible): in-flight listings are cancelled first, then refetched.
 */
export async function refreshCabinet(queryClient: QueryClient, companyId: number) {
  const queryKey = cabinetKeys.all(companyId);
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

/** A call that changes the cabinet, then refreshes every listing (a renamed folder moves its contents). */
export function useCabinetMutation<TInput, TResult>(
  companyId: number,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refreshCabinet(queryClient, companyId),
  });
}

export const cabinetApi = (companyId: number) => {
  const call = <T>(path: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown) =>
    apiFetch<T>(path, { method, body, accountId: companyId });
  return {
    createFolder: (path: string) => call<CabinetFolder>('/api/account/storage/folder', 'POST', { path }),
    renameFolder: (id: number, name: string) =>
      call<CabinetFolder>(`/api/account/storage/folder/${id}`, 'PATCH', { name }),
    deleteFolder: (id: number) => call<void>(`/api/account/storage/folder/${id}`, 'DELETE'),
    renameFile: (id: number, filename: string) =>
      call<StoredFile>(`/api/account/box/file/${id}`, 'PUT', { filename }),
    deleteFile: (id: number) => call<void>(`/api/account/box/file/${id}`, 'DELETE'),
    moveFiles: (fileIds: number[], path: string) =>
      call<StoredFile[]>('/api/account/storage/files/move', 'POST', { file_ids: fileIds, path }),
    deleteFiles: (fileIds: number[]) =>
      call<void>('/api/account/storage/files/delete', 'POST', { file_ids: fileIds }),
    downloadFile: (id: number) => apiBlob(`/api/account/box/file/${id}?download=1`, companyId),
    downloadZip: (fileIds: number[]) =>
      apiPostBlob('/api/account/storage/download-zip', { file_ids: fileIds }, companyId),
  };
};
