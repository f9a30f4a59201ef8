import type { PlacedField, SigningDocumentView } from '@charter/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiFetch } from '../../api/client.ts';

/** Under the workspace's key, so the live channel's refresh reloads an open signing page too. */
export const signingKeys = {
  document: (companyId: number, documentId: number) => ['account', companyId, 'signing', documentId] as const,
  /** The Documents page's list, whose statuses change as a document is prepared, sent or voided. */
  documents: (companyId: number) => ['account', companyId, 'workbench', 'document-history'] as const,
};

const base = '/api/account/signing/documents';

export type SendOptions = { sequential: boolean; reminder_days: number | null };
export type NewRecipient = { name: string; email: string; role: string; party?: string; order?: number };

/** The owner's signing calls for one workspace (the contract's paths; each answers the document). */
export const signingApi = (companyId: number) => {
  const call = <T>(path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', body?: unknown) =>
    apiFetch<T>(path, { method, body, accountId: companyId });
  return {
    get: (id: number) => call<SigningDocumentView>(`${base}/${id}`),
    /** A PDF of the cabinet becomes a draft; its text tags become fields. */
    create: (fileId: number) => call<SigningDocumentView>(base, 'POST', { file_id: fileId }),
    /** A task's document becomes a draft. */
    prepare: (id: number) => call<SigningDocumentView>(`${base}/${id}/prepare`, 'POST'),
    saveFields: (id: number, fields: PlacedField[]) =>
      call<SigningDocumentView>(`${base}/${id}/fields`, 'PUT', { fields }),
    send: (id: number, options: SendOptions) =>
      call<SigningDocumentView>(`${base}/${id}/send`, 'POST', options),
    resend: (id: number, email: string) =>
      call<{ message: string }>(`/api/account/pandadoc/documents/${id}/resend`, 'POST', { email }),
    void: (id: number) => call<SigningDocumentView>(`${base}/${id}/void`, 'POST'),
    retrySeal: (id: number) => call<SigningDocumentView>(`${base}/${id}/seal`, 'POST'),
    addRecipient: (id: number, r: NewRecipient) =>
      call('/api/account/document_history/email_recipient', 'POST', {
        document_id: id,
        email: r.email,
        metadata: { name: r.name, role: r.role, party: r.party, order: r.order },
      }),
    removeRecipient: (recipientId: number) =>
      call(`/api/account/document_history/email_recipient/${recipientId}`, 'DELETE'),
    /** A page (from 0) as a PNG `width` pixels wide, for the field editor. */
    pageImage: (id: number, page: number, width: number) =>
      apiBlob(`${base}/${id}/pages/${page}?width=${width}`, companyId),
  };
};

export function useSigningDocument(companyId: number, documentId: number) {
  return useQuery({
    queryKey: signingKeys.document(companyId, documentId),
    queryFn: () => signingApi(companyId).get(documentId),
  });
}

/**
 * A call that changes a document's signing. An answer that is the document replaces the cached one at
 * once (else it is fetched again); the Documents list is fetched again.
 */
export function useSigningMutation<TInput, TResult>(
  companyId: number,
  documentId: number,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      const key = signingKeys.document(companyId, documentId);
      if (isSigningDocument(result)) queryClient.setQueryData(key, result);
      else await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: signingKeys.documents(companyId) });
    },
  });
}

const isSigningDocument = (value: unknown): value is SigningDocumentView =>
  typeof value === 'object' && value !== null && 'state' in value && 'recipients' in value;
