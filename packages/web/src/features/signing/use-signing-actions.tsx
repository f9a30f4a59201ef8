import {
  DOCUMENT_VOIDED,
  DOWNLOAD_STARTED,
  LINK_SENT,
  type PlacedField,
  SEAL_RETRIED,
  SIGNING_FIELDS_SAVED,
  type SigningDocumentView,
  type SigningRecipientView,
} from '@charter/domain';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { fetchDownload } from '../documents/fetch-file.ts';
import { DOWNLOAD_ERROR } from '../documents/pdf-preview-modal.tsx';
import { type SendOptions, signingApi, useSigningMutation } from './api.ts';
import { SIGNING_ERROR } from './labels.ts';

/**
 * What the signing page does to a document, each with its toast and, where the spec asks (resend,
 * removal) or the step cannot be undone (void), a confirmation first.
 */
export function useSigningActions(companyId: number, documentId: number) {
  const { push } = useNotices();
  const api = signingApi(companyId);
  const fail = (error: unknown) => push({ type: 'error', message: errorMessage(error, SIGNING_ERROR) });
  const done = (message: string) => () => push({ type: 'success', message });
  const saveFields = useSigningMutation(companyId, documentId, (fields: PlacedField[]) =>
    api.saveFields(documentId, fields),
  );
  /** Unsaved fields are saved first: what is sent is what the editor shows. */
  const send = useSigningMutation(
    companyId,
    documentId,
    async (input: SendOptions & { fields: PlacedField[] | null }) => {
      if (input.fields) await api.saveFields(documentId, input.fields);
      return api.send(documentId, { sequential: input.sequential, reminder_days: input.reminder_days });
    },
  );
  const resend = useSigningMutation(companyId, documentId, (email: string) => api.resend(documentId, email));
  const voidDocument = useSigningMutation(companyId, documentId, () => api.void(documentId));
  const retrySeal = useSigningMutation(companyId, documentId, () => api.retrySeal(documentId));
  const removeRecipient = useSigningMutation(companyId, documentId, (id: number) => api.removeRecipient(id));

  return {
    saveFields,
    send,
    resend,
    voidDocument,
    retrySeal,
    removeRecipient,
    save: (fields: PlacedField[], onSaved: (view: SigningDocumentView) => void) =>
      saveFields.mutate(fields, {
        onSuccess: (view) => {
          onSaved(view);
          push({ type: 'success', message: SIGNING_FIELDS_SAVED });
        },
        onError: fail,
      }),
    sendNow: (
      input: SendOptions & { fields: PlacedField[] | null },
      onSent: (view: SigningDocumentView) => void,
    ) =>
      send.mutate(input, {
        onSuccess: (view) => {
          onSent(view);
          push({ type: 'success', message: LINK_SENT });
        },
        onError: fail,
      }),
    confirmResend: (recipient: SigningRecipientView) =>
      modals.openConfirmModal({
        title: 'Resend signature link',
        children: (
          <Text size="sm">
            Send a new signing link to {recipient.metadata.name} ({recipient.email})? The link sent before
            stops working.
          </Text>
        ),
        labels: { confirm: 'Resend Link', cancel: 'Cancel' },
        onConfirm: () =>
          resend.mutate(recipient.email, {
            onSuccess: (answer) => push({ type: 'success', message: answer?.message || LINK_SENT }),
            onError: fail,
          }),
      }),
    confirmRemove: (recipient: SigningRecipientView) =>
      modals.openConfirmModal({
        title: 'Remove recipient',
        children: <Text size="sm">Remove {recipient.metadata.name} from this document?</Text>,
        labels: { confirm: 'Remove', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () => removeRecipient.mutate(recipient.id, { onError: fail }),
      }),
    confirmVoid: () =>
      modals.openConfirmModal({
        title: 'Void document',
        children: (
          <Text size="sm">
            Void this document? Its signing links stop working and nobody can sign it any more. This cannot be
            undone.
          </Text>
        ),
        labels: { confirm: 'Void Document', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () => voidDocument.mutate(undefined, { onSuccess: done(DOCUMENT_VOIDED), onError: fail }),
      }),
    retry: () => retrySeal.mutate(undefined, { onSuccess: done(SEAL_RETRIED), onError: fail }),
    download: async (fileId: number, fallbackName: string) => {
      push({ type: 'success', message: DOWNLOAD_STARTED });
      try {
        const { blob, filename } = await fetchDownload(companyId, fileId);
        saveBlob(blob, filename ?? fallbackName);
      } catch {
        push({ type: 'error', message: DOWNLOAD_ERROR });
      }
    },
  };
}
