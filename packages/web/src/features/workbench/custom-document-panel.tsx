import type { CustomDocumentView, WordTemplateView } from '@charter/domain';
import { Alert, Badge, Group, List, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { apiFetch, errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { SavingNotice } from '../../ui/saving-notice.tsx';

type CustomDocument = CustomDocumentView;
type WordFile = WordTemplateView;

/**
 * Custom mode (spec 2 "Custom document flow"): pick a Word file of the cabinet, see its tokens and what
 * is wrong with it, and give each token its value; the file is filled when the task is submitted.
 * Values are saved as each box is left, like the questionnaire's answers (spec 2 §4 "Form").
 */
export function CustomDocumentPanel({
  companyId,
  taskId,
  editable,
}: {
  companyId: number;
  taskId: number;
  editable: boolean;
}) {
  const { push } = useNotices();
  const queryClient = useQueryClient();
  const key = ['account', companyId, 'custom-document', taskId];
  const templates = useQuery({
    queryKey: ['account', companyId, 'my-templates'],
    queryFn: () => apiFetch<WordFile[]>('/api/account/storage/my_templates', { accountId: companyId }),
    enabled: editable,
  });
  const current = useQuery({
    queryKey: key,
    queryFn: () =>
      apiFetch<CustomDocument | null>(`/api/account/custom_document?task_id=${taskId}`, {
        accountId: companyId,
      }),
  });
  // What is typed, over the saved values of the document shown (a new pick starts from its own).
  const [typed, setTyped] = useState<{ id: number | null; values: Record<string, string> }>({
    id: null,
    values: {},
  });
  const document = current.data;
  const values =
    document && typed.id === document.id ? { ...document.fields, ...typed.values } : (document?.fields ?? {});
  const latest = useRef(values);
  latest.current = values;
  // Saves run one after another, each with every value typed so far, so none overtakes a newer one.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const fail = (caught: unknown) =>
    push({ type: 'error', message: errorMessage(caught, 'An error has occurred.') });
  const pick = useMutation({
    mutationFn: (fileId: number) =>
      apiFetch<CustomDocument>('/api/account/custom_document', {
        method: 'POST',
        accountId: companyId,
        body: { account_task_id: taskId, file_id: fileId },
      }),
    onSuccess: (picked) => queryClient.setQueryData(key, picked),
    onError: fail,
  });
  const save = useMutation({
    mutationFn: (input: { id: number; fields: Record<string, string> }) => {
      queue.current = queue.current
        .catch(() => undefined)
        .then(() =>
          apiFetch<CustomDocument>(`/api/account/custom_document/${input.id}`, {
            method: 'PUT',
            accountId: companyId,
            body: { fields: input.fields },
          }),
        );
      return queue.current as Promise<CustomDocument>;
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onError: fail,
  });
  const type = (token: string, value: string) => {
    if (!document) return;
    setTyped((t) => ({
      id: document.id,
      values: { ...(t.id === document.id ? t.values : {}), [token]: value },
    }));
  };
  const commit = (token: string) => {
    if (!document || (latest.current[token] ?? '') === (document.fields[token] ?? '')) return;
    save.mutate({ id: document.id, fields: { ...latest.current } });
  };

  return (
    <Stack gap="xs" aria-label="Custom document">
      {editable && (
        <Select
          label="Word document"
          placeholder={
            templates.data?.length
              ? 'Choose a .docx from the File Cabinet'
              : 'No .docx in the File Cabinet yet'
          }
          data={(templates.data ?? []).map((f) => ({
            value: String(f.id),
            label: `${f.path === '/' ? '' : f.path}/${f.filename}`,
          }))}
          value={null}
          onChange={(value) => value && pick.mutate(Number(value))}
          disabled={pick.isPending}
          searchable
        />
      )}
      {document && (
        <>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {document.filename}
            </Text>
            <Badge color={document.valid ? 'teal' : 'red'} variant="light">
              {document.valid ? 'Ready' : 'Not valid'}
            </Badge>
          </Group>
          {document.notes.length > 0 && (
            <Alert color={document.valid ? 'yellow' : 'red'} p="xs">
              <List size="xs">
                {document.notes.map((note) => (
                  <List.Item key={`${note.token}-${note.message}`}>{note.message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {document.tokens.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {document.tokens.map((token) => (
                <TextInput
                  key={token}
                  label={token}
                  value={values[token] ?? ''}
                  readOnly={!editable}
                  onChange={(event) => type(token, event.currentTarget.value)}
                  onBlur={() => commit(token)}
                />
              ))}
            </SimpleGrid>
          )}
          {save.isPending && <SavingNotice />}
        </>
      )}
    </Stack>
  );
}
