import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';

type AccountSummary = { id: number; preferred?: boolean };

export const COMPANY_SELECT_PATH = '/c/0/company-select';

const accountsQuery = {
  queryKey: ['user', 'accounts'],
  queryFn: () => apiFetch<AccountSummary[]>('/api/user/accounts', { auth: 'id' }),
  staleTime: 30_000,
};

export function homePathFor(accounts: readonly AccountSummary[] | undefined): string {
  const preferred = accounts?.find((account) => account.preferred);
  return preferred ? `/c/${preferred.id}/home` : COMPANY_SELECT_PATH;
}

/** The signed-in user's landing page: the preferred workspace's home, else the workspaces page. */
export async function resolveHomePath(queryClient: QueryClient): Promise<string> {
  try {
    return homePathFor(await queryClient.fetchQuery(accountsQuery));
  } catch {
    return COMPANY_SELECT_PATH;
  }
}

/** Hook form of resolveHomePath; null while the workspace list loads. */
export function useHomePath(enabled = true): string | null {
  const queryClient = useQueryClient();
  const query = useQuery({ ...accountsQuery, enabled, retry: false }, queryClient);
  if (query.isError) return COMPANY_SELECT_PATH;
  return query.data ? homePathFor(query.data) : null;
}
