import type { CreateOutsideFormBody, OutsideFormView } from '@charter/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';

/** Outside forms of a task or a room, under the workspace's workbench key (its invalidations refresh them). */
export const outsideFormKeys = {
  list: (companyId: number, scope: { transactionId?: number; roomId?: number }) =>
    [
      'account',
      companyId,
      'workbench',
      'outside-forms',
      scope.transactionId ?? null,
      scope.roomId ?? null,
    ] as const,
};

export function outsideFormsApi(companyId: number) {
  const call = <T>(path: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: unknown) =>
    apiFetch<T>(path, { accountId: companyId, method, body });
  return {
    create: (transactionId: number, body: CreateOutsideFormBody) =>
      call<{ message: string; form: OutsideFormView }>(
        `/api/account/transaction/${transactionId}/outside`,
        'POST',
        body,
      ),
    cancel: (transactionId: number) =>
      call<void>(`/api/account/transaction/${transactionId}/outside`, 'DELETE'),
    resend: (transactionId: number, formId: number) =>
      call<OutsideFormView>(`/api/account/transaction/${transactionId}/outside/${formId}/resend`, 'POST', {}),
    list: (scope: { transactionId?: number; roomId?: number }) => {
      const query = scope.transactionId ? `transaction_id=${scope.transactionId}` : `room_id=${scope.roomId}`;
      return call<OutsideFormView[]>(`/api/account/outside_forms?${query}`);
    },
  };
}

export function useOutsideForms(companyId: number, scope: { transactionId?: number; roomId?: number }) {
  return useQuery({
    queryKey: outsideFormKeys.list(companyId, scope),
    queryFn: () => outsideFormsApi(companyId).list(scope),
    enabled: Boolean(scope.transactionId || scope.roomId),
  });
}
