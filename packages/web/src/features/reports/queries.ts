import type { ReportTableView, RoomReportView, SharedReportView, UserReportView } from '@charter/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';

export const reportsKey = (companyId: number) => ['account', companyId, 'reports'] as const;
const account = (companyId: number) => ({ auth: 'account' as const, accountId: companyId });

/** The workspace's report tables with their rows and sharing (GET /api/account/reports). */
export function useReports(companyId: number) {
  return useQuery({
    queryKey: reportsKey(companyId),
    queryFn: () => apiFetch<ReportTableView[]>('/api/account/reports', account(companyId)),
  });
}

export type SharingInput = {
  report: ReportTableView;
  is_active: boolean;
  resource_id: number[];
};

/** Saves a report's sharing: the first time POST /api/account/shared_report, then PUT …/{id}. */
export function useUpdateReportSharing(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, is_active, resource_id }: SharingInput) => {
      const body = { is_active, metadata: { resource_id } };
      return apiFetch<{ message: string; report: SharedReportView }>(
        report.sharing ? `/api/account/shared_report/${report.sharing.id}` : '/api/account/shared_report',
        {
          ...account(companyId),
          method: report.sharing ? 'PUT' : 'POST',
          body: report.sharing ? body : { feature_type_id: report.feature_type_id, ...body },
        },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey(companyId) }),
  });
}

/** Puts a report table in a room (POST /api/account/admin/room/{id}/report). */
export function useAddRoomReport(companyId: number, roomId: number) {
  return useMutation({
    mutationFn: (body: { feature_type_id: string; user_only: boolean }) =>
      apiFetch<{ message: string; report: RoomReportView }>(`/api/account/admin/room/${roomId}/report`, {
        ...account(companyId),
        method: 'POST',
        body,
      }),
  });
}

/** The shared reports the signed-in user may see, across workspaces (GET /api/user/report). */
export function useUserReports(enabled = true) {
  return useQuery({
    queryKey: ['user', 'reports'] as const,
    queryFn: () => apiFetch<UserReportView[]>('/api/user/report', { auth: 'id' }),
    enabled,
  });
}
