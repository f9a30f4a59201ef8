import type { NoticeList } from '@charter/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';

/** The bell shows this many notices, then 'Show older' asks for the next page. */
export const NOTICES_PAGE_SIZE = 20;

/** Under the workspace's key: a workspace refresh reloads the bell too; refresh_notices reloads only it. */
export const noticeKeys = (companyId: number) => ['account', companyId, 'notices'] as const;

export const noticesPath = (before?: number) =>
  `/api/account/notice?limit=${NOTICES_PAGE_SIZE}${before === undefined ? '' : `&before=${before}`}`;

/** The member's notices in the workspace, newest first, a page at a time (none outside a workspace). */
export function useBellNotices(companyId: number) {
  return useInfiniteQuery({
    queryKey: noticeKeys(companyId),
    queryFn: ({ pageParam }) => apiFetch<NoticeList>(noticesPath(pageParam), { accountId: companyId }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.notices.length === NOTICES_PAGE_SIZE ? last.notices[last.notices.length - 1].id : undefined,
    enabled: companyId > 0,
  });
}

/** Marks one notice read, or all of them (`id` null), then reloads the bell. */
export function useReadNotices(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      apiFetch<void>(id === null ? '/api/account/notice/read' : `/api/account/notice/${id}/read`, {
        method: 'POST',
        accountId: companyId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys(companyId) }),
  });
}
