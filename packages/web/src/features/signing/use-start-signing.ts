import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { signingApi, signingKeys } from './api.ts';
import { SIGNING_ERROR } from './labels.ts';
import { signingPath } from './signing-entry.ts';

/**
 * "Send for signature": a task's document (prepare) or a PDF of the cabinet (create) becomes a draft, and
 * its signing page opens.
 */
export function useStartSigning(companyId: number) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { push } = useNotices();
  return useMutation({
    mutationFn: (from: { documentId: number } | { fileId: number }) =>
      'documentId' in from
        ? signingApi(companyId).prepare(from.documentId)
        : signingApi(companyId).create(from.fileId),
    onSuccess: (view) => {
      queryClient.setQueryData(signingKeys.document(companyId, view.document.id), view);
      void queryClient.invalidateQueries({ queryKey: signingKeys.documents(companyId) });
      navigate(signingPath(companyId, view.document.id));
    },
    onError: (error) => push({ type: 'error', message: errorMessage(error, SIGNING_ERROR) }),
  });
}
