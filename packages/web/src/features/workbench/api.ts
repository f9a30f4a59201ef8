import type {
  CreateResourceBody,
  MessageResponse,
  ResourceSelection,
  SaveAnswerBody,
  SavedAnswer,
  UpdateTaskBody,
} from '@charter/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import type {
  DocumentRow,
  Project,
  Questionnaire,
  Resource,
  Transaction,
  TransactionSummary,
} from './types.ts';

/** Every workbench query lives under the workspace's key, so one invalidation refreshes a workspace. */
export const workbenchKeys = {
  all: (companyId: number) => ['account', companyId, 'workbench'] as const,
  project: (companyId: number, id: number) => ['account', companyId, 'workbench', 'project', id] as const,
  transaction: (companyId: number, id: number) =>
    ['account', companyId, 'workbench', 'transaction', id] as const,
  transactions: (companyId: number) => ['account', companyId, 'workbench', 'transactions'] as const,
  questionnaire: (companyId: number, id: number) =>
    ['account', companyId, 'workbench', 'questionnaire', id] as const,
  documents: (companyId: number, id: number) => ['account', companyId, 'workbench', 'documents', id] as const,
  resources: (companyId: number, type: number) =>
    ['account', companyId, 'workbench', 'resources', type] as const,
};

/** Spec 2 §7: at most 15 polls of a Processing group. */
export const PROCESSING_POLLS = 15;

const get = <T>(companyId: number, path: string) => apiFetch<T>(path, { accountId: companyId });

export function useProject(companyId: number, id: number) {
  return useQuery({
    queryKey: workbenchKeys.project(companyId, id),
    queryFn: () => get<Project>(companyId, `/api/account/project/${id}`),
    enabled: id > 0,
  });
}

/** A transaction; while its documents are being generated it is polled until they are ready. */
export function useTransaction(companyId: number, id: number) {
  return useQuery({
    queryKey: workbenchKeys.transaction(companyId, id),
    queryFn: () => get<Transaction>(companyId, `/api/account/transaction/${id}`),
    enabled: id > 0,
    // Spec 2 §7 caps polling while Processing; generation takes seconds, so 3 s for at most 15 polls.
    refetchInterval: (query) =>
      query.state.data?.state === 'Processing' && query.state.dataUpdateCount < PROCESSING_POLLS
        ? 3000
        : false,
  });
}

export function useTransactions(companyId: number) {
  return useQuery({
    queryKey: workbenchKeys.transactions(companyId),
    queryFn: () => get<TransactionSummary[]>(companyId, '/api/account/transaction?limit=3000'),
  });
}

export function useQuestionnaire(companyId: number, id: number) {
  return useQuery({
    queryKey: workbenchKeys.questionnaire(companyId, id),
    queryFn: () => get<Questionnaire>(companyId, `/api/account/transaction/${id}/questionnaire`),
    enabled: id > 0,
    // The form owns the answers once loaded; a refetch would overwrite what is being typed (and, while
    // it runs, unmount the form: Share Form's generated link would go). Live refreshes pass it by.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    meta: { liveRefresh: false },
    // Each visit to the form starts from the saved answers.
    gcTime: 0,
  });
}

export function useTransactionDocuments(companyId: number, id: number, state: string | undefined) {
  return useQuery({
    queryKey: [...workbenchKeys.documents(companyId, id), state],
    queryFn: () => get<DocumentRow[]>(companyId, `/api/account/transaction/${id}/documents`),
    enabled: id > 0,
  });
}

export function useResources(companyId: number, resourceTypeId: number | null) {
  return useQuery({
    queryKey: workbenchKeys.resources(companyId, resourceTypeId ?? 0),
    queryFn: () =>
      get<Resource[]>(companyId, `/api/account/resource/?resource_type_id=${resourceTypeId}&limit=200`),
    enabled: resourceTypeId !== null,
  });
}

/** A call that changes workbench state, then refreshes what the workspace shows of it. */
export function useWorkbenchMutation<TInput, TResult>(
  companyId: number,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: workbenchKeys.all(companyId),
        predicate: (query) => query.queryKey[3] !== 'questionnaire',
      }),
  });
}

export const workbenchApi = (companyId: number) => {
  const call = <T>(path: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown) =>
    apiFetch<T>(path, { method, body, accountId: companyId });
  return {
    startProject: (templateId: string) =>
      call<Project>(`/api/account/project_template/${templateId}/create`, 'POST', {}),
    renameProject: (id: number, label: string) =>
      call<Project>(`/api/account/project/${id}`, 'PUT', { label }),
    deleteProject: (id: number) => call<void>(`/api/account/project/${id}`, 'DELETE'),
    saveAnswer: (input: SaveAnswerBody) => call<SavedAnswer>('/api/account/flat_feature', 'POST', input),
    createResource: (input: CreateResourceBody) => call<Resource>('/api/account/resource', 'POST', input),
    setResources: (transactionId: number, questionId: string, resourceIds: number[]) =>
      call<ResourceSelection>(`/api/account/transaction/${transactionId}/set_resource`, 'PUT', {
        question_id: questionId,
        resource_ids: resourceIds,
      }),
    mergeResources: (draftId: number, targetId: number) =>
      call<Resource>(`/api/account/resource/merge/${draftId}/${targetId}`, 'PUT'),
    validate: (transactionId: number) =>
      call<Transaction>(`/api/account/transaction/${transactionId}`, 'PUT', { validated_questionnaire: 1 }),
    finalize: (transactionId: number, snapshot: Record<string, unknown>, autoSend = false) =>
      call<Transaction>(`/api/account/transaction/${transactionId}/finalize`, 'POST', {
        finalize_snapshot: snapshot,
        auto_send: autoSend ? 1 : 0,
        redline_enabled: 0,
      }),
    reopen: (transactionId: number) =>
      call<Transaction>(`/api/account/transaction/${transactionId}/reopen`, 'PATCH'),
    deleteTransaction: (transactionId: number) =>
      call<void>(`/api/account/transaction/${transactionId}`, 'DELETE'),
    updateTask: (taskId: number, body: UpdateTaskBody) =>
      call<MessageResponse>(`/api/account/task/${taskId}`, 'PUT', body),
  };
};
