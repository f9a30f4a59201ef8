import { Alert, Button, Card, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { AddRecipientForm } from './add-recipient-form.tsx';
import { useSigningDocument } from './api.ts';
import { placedFields } from './field-draft.ts';
import { FieldEditor } from './field-editor.tsx';
import { fieldRoles } from './field-owners.ts';
import { HistoryList } from './history-list.tsx';
import { isDraft, isSealed } from './labels.ts';
import { RecipientsTable } from './recipients-table.tsx';
import { SendPanel } from './send-panel.tsx';
import { SigningHeader } from './signing-header.tsx';
import { useFieldDraft } from './use-field-draft.ts';
import { useSigningActions } from './use-signing-actions.tsx';

export const SIGNING_LOAD_ERROR = 'An error has occurred loading this document.';

/**
 * /c/:companyId/documents/:documentId/sign: a document's signing. A draft gets its recipients, its fields
 * placed on its pages and is sent; once out, it shows who has signed, resends links, voids; after, the
 * signed file and the history.
 */
export function SigningPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const documentId = Number(params.documentId);
  const query = useSigningDocument(companyId, documentId);
  const view = query.data;
  const [draft, dispatch] = useFieldDraft(view?.fields);
  const actions = useSigningActions(companyId, documentId);

  if (query.isPending) return <Loader aria-label="Loading document" />;
  if (!view) return <Alert color="red">{errorMessage(query.error, SIGNING_LOAD_ERROR)}</Alert>;
  const editable = isDraft(view);
  const reload = (next: typeof view) => dispatch({ type: 'load', fields: next.fields });

  return (
    <Stack gap="lg">
      <SigningHeader
        companyId={companyId}
        view={view}
        voiding={actions.voidDocument.isPending}
        onDownload={(fileId, name) => void actions.download(fileId, name)}
        onVoid={actions.confirmVoid}
      />
      {view.state === 'seal_failed' && (
        <Alert color="red" title="Sealing failed">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{view.seal_error ?? 'The signed file could not be sealed.'}</Text>
            <Button size="xs" color="red" loading={actions.retrySeal.isPending} onClick={actions.retry}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            Recipients
          </Title>
          <RecipientsTable view={view} onResend={actions.confirmResend} onRemove={actions.confirmRemove} />
          {editable && (
            <AddRecipientForm
              companyId={companyId}
              documentId={documentId}
              roles={fieldRoles(draft.fields)}
            />
          )}
        </Stack>
      </Card>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {/* Not clipped, so the editor's toolbar can stick to the top while the pages scroll. */}
          <Card withBorder radius="md" padding="lg" style={{ overflow: 'visible' }}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {editable ? 'Fields' : isSealed(view) ? 'Signed document' : 'Document'}
              </Title>
              <FieldEditor
                companyId={companyId}
                view={view}
                draft={draft}
                dispatch={dispatch}
                readOnly={!editable}
                saving={actions.saveFields.isPending}
                onSave={() => actions.save(placedFields(draft), reload)}
              />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            {editable && (
              <Card withBorder radius="md" padding="lg">
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    Send
                  </Title>
                  <SendPanel
                    view={view}
                    unsaved={draft.dirty}
                    sending={actions.send.isPending}
                    onSend={(options) =>
                      actions.sendNow(
                        { ...options, fields: draft.dirty ? placedFields(draft) : null },
                        reload,
                      )
                    }
                  />
                </Stack>
              </Card>
            )}
            <Card withBorder radius="md" padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  History
                </Title>
                <HistoryList events={view.events} />
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
