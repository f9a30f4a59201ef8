import type {
  AddBankBody,
  BankLinkBody,
  BankLinkTokenView,
  BillingCustomerView,
  BundlePreviewView,
  InvoicesView,
  MethodChangeView,
  PaymentMethodsView,
  SubscribeView,
} from '@charter/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { accountMeKey } from '../shell/queries.ts';

const account = (companyId: number) => ({ auth: 'account' as const, accountId: companyId });
export const billingKey = (companyId: number) => ['account', companyId, 'billing'] as const;

export function useBillingCustomer(companyId: number, enabled = true) {
  return useQuery({
    queryKey: [...billingKey(companyId), 'customer'],
    queryFn: () => apiFetch<BillingCustomerView>('/api/account/v3/billing/customer', account(companyId)),
    enabled: enabled && companyId > 0,
    retry: false,
  });
}

/** `all`: the settings list, with bank accounts still to verify or failed. */
export function usePaymentMethods(companyId: number, all: boolean) {
  return useQuery({
    queryKey: [...billingKey(companyId), 'methods', all],
    queryFn: () =>
      apiFetch<PaymentMethodsView>(
        `/api/account/v3/billing/method${all ? '?all=1' : ''}`,
        account(companyId),
      ),
    enabled: companyId > 0,
    retry: false,
  });
}

export function useInvoices(companyId: number) {
  return useQuery({
    queryKey: [...billingKey(companyId), 'invoices'],
    queryFn: () => apiFetch<InvoicesView>('/api/account/v3/invoice', account(companyId)),
    enabled: companyId > 0,
    retry: false,
  });
}

export function useBundlePreview(companyId: number, slug: string | null) {
  return useQuery({
    queryKey: [...billingKey(companyId), 'preview', slug],
    queryFn: () =>
      apiFetch<BundlePreviewView>(
        `/api/account/admin/bundle/${encodeURIComponent(slug ?? '')}/preview`,
        account(companyId),
      ),
    enabled: companyId > 0 && slug !== null,
    retry: false,
  });
}

/**
 * Every billing change reloads what billing shows; one that changes the plans (`plans`) reloads the workspace
 * too (GET /api/account/me), whose plan names the user menu lists.
 */
function useBillingMutation<T, R>(
  companyId: number,
  mutationFn: (input: T) => Promise<R>,
  { plans = false }: { plans?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKey(companyId) }),
        plans && queryClient.invalidateQueries({ queryKey: accountMeKey(companyId), exact: true }),
      ]),
  });
}

export const useAddCard = (companyId: number) =>
  useBillingMutation(
    companyId,
    (body: { stripe_token_id: string; is_default: boolean; stripe_domain?: string }) =>
      apiFetch<MethodChangeView>('/api/account/v3/admin/billing/method', {
        ...account(companyId),
        method: 'POST',
        body,
      }),
  );

export const useSetDefault = (companyId: number) =>
  useBillingMutation(companyId, (id: number) =>
    apiFetch<MethodChangeView>('/api/account/v3/admin/billing/method', {
      ...account(companyId),
      method: 'PUT',
      body: { default_method_id: id },
    }),
  );

export const useRemoveMethod = (companyId: number) =>
  useBillingMutation(companyId, (m: { id: number; kind: 'card' | 'bank'; stripeDomain: string }) =>
    apiFetch<MethodChangeView>(
      m.kind === 'bank'
        ? `/api/account/ach/${m.id}`
        : `/api/account/v3/admin/billing/method/${encodeURIComponent(m.stripeDomain)}/${m.id}`,
      { ...account(companyId), method: 'DELETE' },
    ),
  );

export const useAddBank = (companyId: number) =>
  useBillingMutation(companyId, (body: AddBankBody) =>
    apiFetch<MethodChangeView>('/api/account/ach', { ...account(companyId), method: 'POST', body }),
  );

export const useVerifyBank = (companyId: number) =>
  useBillingMutation(companyId, ({ id, amounts }: { id: number; amounts: [string, string] }) =>
    apiFetch<MethodChangeView>(`/api/account/ach/${id}`, {
      ...account(companyId),
      method: 'PUT',
      body: { amounts },
    }),
  );

export const useBankLinkToken = (companyId: number) =>
  useMutation({
    mutationFn: () =>
      apiFetch<BankLinkTokenView>('/api/account/admin/billing/plaid/link_token', {
        ...account(companyId),
        method: 'POST',
      }),
  });

export const useExchangeBankLink = (companyId: number) =>
  useBillingMutation(companyId, (body: BankLinkBody) =>
    apiFetch<MethodChangeView>('/api/account/admin/billing/plaid/public_token', {
      ...account(companyId),
      method: 'POST',
      body,
    }),
  );

export const useSubscribe = (companyId: number) =>
  useBillingMutation(
    companyId,
    ({ slug, sourceId }: { slug: string; sourceId: number | null }) =>
      apiFetch<SubscribeView>(`/api/account/admin/bundle/${encodeURIComponent(slug)}`, {
        ...account(companyId),
        method: 'POST',
        body: { selected_source_id: sourceId },
      }),
    { plans: true },
  );
