import { Alert, Badge, Button, Group, List, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch, errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';

type CustomDocument = {
  id: number;
  filename: string;
  tokens: string[];
  notes: { token: string; level: string; message: string }[];
  valid: boolean;
  fields: Record<string, string>;
};
type WordFile = { id: number; filename: string; path: string };

/**
 * Custom mode (spec 2 "Custom document flow"): pick a Word file of the cabinet, see its tokens and what
 * is wrong with it, and give each token its value; the file is filled when the task is submitted.
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
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => setValues(current.data?.fields ?? {}), [current.data]);
  const fail = (caught: unknown) =>
    push({ type: 'error', message: errorMessage(caught, 'An error has occurred.') });
  const pick = useMutation({
    mutationFn: (fileId: number) =>
      apiFetch<CustomDocument>('/api/account/custom_document', {
        method: 'POST',
        accountId: companyId,
        body: { account_task_id: taskId, file_id: fileId },
      }),
    onSuccess: (document) => queryClient.setQueryData(key, document),
    onError: fail,
  });
  const save = useMutation({
    mutationFn: () =>
      apiFetch<CustomDocument>(`/api/account/custom_document/${current.data?.id}`, {
        method: 'PUT',
        accountId: companyId,
        body: { fields: values },
      }),
    onSuccess: (document) => {
      queryClient.setQueryData(key, document);
      push({ type: 'success', message: 'Custom document saved.' });
    },
    onError: fail,
  });
  const document = current.data;

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
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setValues((v) => ({ ...v, [token]: value }));
                  }}
                />
              ))}
            </SimpleGrid>
          )}
          {editable && document.tokens.length > 0 && (
            <Group justify="flex-end">
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => save.mutate()}
                loading={save.isPending}
              >
                Save values
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
