import { Alert, Card, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { apiFetch } from '../../api/client.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { ReviewModal } from '../review/review-modal.tsx';
import { hasSigning, shownFileId, signingPath } from '../signing/signing-entry.ts';
import { useStartSigning } from '../signing/use-start-signing.ts';
import type { DocumentRow } from '../workbench/types.ts';
import { DocumentsList } from './documents-list.tsx';
import { PdfPreviewModal } from './pdf-preview-modal.tsx';
import { RecipientsModal } from './recipients-modal.tsx';

export const DOCUMENTS_LOAD_ERROR =
  'An error has occurred loading your documents. If the documents are still not loading correctly after refreshing the page, please contact us.';

/** The workspace's documents, newest first (the latest 200; the cabinet holds them all). */
export function DocumentsPage() {
  const companyId = Number(useParams().companyId);
  const [preview, setPreview] = useState<DocumentRow | null>(null);
  const [recipients, setRecipients] = useState<DocumentRow | null>(null);
  const navigate = useNavigate();
  const startSigning = useStartSigning(companyId);
  const openSigning = (document: DocumentRow) =>
    hasSigning(document)
      ? navigate(signingPath(companyId, document.id))
      : startSigning.mutate({ documentId: document.id });
  const starting = startSigning.isPending ? startSigning.variables : undefined;
  const startingId = starting && 'documentId' in starting ? starting.documentId : null;
  const [review, setReview] = useState<DocumentRow | null>(null);
  const documents = useQuery({
    queryKey: ['account', companyId, 'workbench', 'document-history'],
    queryFn: () =>
      apiFetch<DocumentRow[]>('/api/account/document_history?limit=200', { accountId: companyId }),
  });
  return (
    <Stack gap="lg">
      <PageTitle>Documents</PageTitle>
      <Card withBorder radius="md" padding="lg">
        {documents.isPending && <Loader aria-label="Loading documents" />}
        {documents.isError && <Alert color="red">{DOCUMENTS_LOAD_ERROR}</Alert>}
        {documents.data && (
          <DocumentsList
            companyId={companyId}
            documents={documents.data}
            onPreview={setPreview}
            onRecipients={setRecipients}
            onSigning={openSigning}
            startingSigning={startingId}
            onReview={setReview}
          />
        )}
      </Card>
      <RecipientsModal companyId={companyId} document={recipients} onClose={() => setRecipients(null)} />
      <ReviewModal companyId={companyId} document={review} onClose={() => setReview(null)} />
      <PdfPreviewModal
        companyId={companyId}
        fileId={preview ? shownFileId(preview) : null}
        title={preview?.label ?? ''}
        onClose={() => setPreview(null)}
      />
    </Stack>
  );
}
