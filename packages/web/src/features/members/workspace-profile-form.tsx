import { GENERIC_ERROR_PERSISTS, validateCompanyName, WORKSPACE_SAVED } from '@charter/domain';
import { Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { errorMessage, isApiError } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useUpdateWorkspaceProfile, useWorkspaceProfile } from './queries.ts';

/** /settings/profile: the workspace's name, by the company name rules (spec 1 §5). */
export function WorkspaceProfileForm({ companyId }: { companyId: number }) {
  const profile = useWorkspaceProfile(companyId);
  const update = useUpdateWorkspaceProfile(companyId);
  const { push } = useNotices();
  const form = useForm({
    mode: 'controlled',
    initialValues: { company_name: '' },
    validate: { company_name: (value) => validateCompanyName(value, {}) },
  });
  const loaded = profile.data?.company_name;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per loaded name, not per keystroke
  useEffect(() => {
    if (loaded !== undefined) {
      form.setInitialValues({ company_name: loaded });
      form.setValues({ company_name: loaded });
    }
  }, [loaded]);

  if (profile.isPending) return <Skeleton h={140} radius="md" aria-label="Loading workspace profile" />;
  return (
    <Paper withBorder radius="md" p="lg" maw={560}>
      <form
        aria-label="Workspace profile"
        noValidate
        onSubmit={form.onSubmit((values) =>
          update.mutate(values, {
            onSuccess: () => push({ type: 'success', message: WORKSPACE_SAVED }),
            onError: (failure) => {
              if (isApiError(failure) && Object.keys(failure.fields).length > 0)
                form.setErrors(failure.fields);
              else
                push({
                  type: 'error',
                  message: errorMessage(failure, GENERIC_ERROR_PERSISTS),
                  error: failure,
                });
            },
          }),
        )}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The name your members, documents and invitations show for this workspace.
          </Text>
          <TextInput label="Company Name" required {...form.getInputProps('company_name')} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
