import type { CreditsView, TransactionBillingView } from '@charter/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';

const account = (companyId: number) => ({ auth: 'account' as const, accountId: companyId });

export const creditsKey = (companyId: number) => ['account', companyId, 'billing', 'credits'] as const;

/** The workspace's document credits (the top bar's counter). */
export function useCredits(companyId: number, enabled = true) {
  return useQuery({
    queryKey: creditsKey(companyId),
    queryFn: () => apiFetch<CreditsView>('/api/account/billing/credits', account(companyId)),
    enabled: enabled && companyId > 0,
    retry: false,
    staleTime: 30_000,
  });
}

/** What submitting a group costs (the finalize modal). */
export function useTransactionBilling(companyId: number, transactionId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['account', companyId, 'billing', 'transaction', transactionId],
    queryFn: () =>
      apiFetch<TransactionBillingView>(
        `/api/account/transaction/${transactionId}/billing`,
        account(companyId),
      ),
    enabled: enabled && companyId > 0,
    retry: false,
  });
}
