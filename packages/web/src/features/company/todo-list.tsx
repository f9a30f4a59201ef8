import type { AssigneeOption, MessageResponse, TodoView } from '@charter/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch, errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { stepFor, workbenchPath } from '../workbench/routing.ts';

type Todo = TodoView;
type Assignee = AssigneeOption;

const TODO_ERROR = 'An error has occurred.';
const todosKey = (companyId: number) => ['account', companyId, 'recommendations'] as const;

function AssigneeSelect({ companyId, todo }: { companyId: number; todo: Todo }) {
  const { push } = useNotices();
  const queryClient = useQueryClient();
  const options = useQuery({
    queryKey: ['account', companyId, 'assignees', todo.transaction.project_template_id],
    queryFn: () =>
      apiFetch<Assignee[]>(
        `/api/account/recommendation/project_template/${todo.transaction.project_template_id}`,
        {
          accountId: companyId,
        },
      ),
    staleTime: 60_000,
  });
  const update = useMutation({
    mutationFn: (assigneeId: number | null) =>
      apiFetch<MessageResponse>(`/api/account/transaction/${todo.transaction.id}/assign`, {
        method: 'POST',
        body: { assignee_id: assigneeId },
        accountId: companyId,
      }),
    onSuccess: (result) => {
      push({ type: 'success', message: result.message });
      return queryClient.invalidateQueries({ queryKey: todosKey(companyId) });
    },
    // Spec 1 §8: a failed assignment is a warning.
    onError: (caught) => push({ type: 'warning', message: errorMessage(caught, TODO_ERROR) }),
  });
  return (
    <Select
      size="xs"
      aria-label={`Assignee of ${todo.transaction.label}`}
      placeholder="Unassigned"
      data={(options.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      value={todo.assignee ? String(todo.assignee.id) : null}
      onChange={(value) => update.mutate(value ? Number(value) : null)}
      clearable
      disabled={update.isPending}
      w={200}
    />
  );
}

/** The home page's to-dos: open task groups, each with its assignee, to open or to dismiss. */
export function TodoList({ companyId }: { companyId: number }) {
  const navigate = useNavigate();
  const { push } = useNotices();
  const queryClient = useQueryClient();
  const todos = useQuery({
    queryKey: todosKey(companyId),
    queryFn: () => apiFetch<Todo[]>('/api/account/recommendation', { accountId: companyId }),
    enabled: companyId > 0,
    // Workflows started or submitted elsewhere change the to-dos: each visit home asks again.
    refetchOnMount: 'always',
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiFetch<MessageResponse>(`/api/account/recommendation/${id}`, {
        method: 'DELETE',
        accountId: companyId,
      }),
    onSuccess: (result) => {
      push({ type: 'success', message: result.message });
      return queryClient.invalidateQueries({ queryKey: todosKey(companyId) });
    },
    onError: (caught) => push({ type: 'error', message: errorMessage(caught, TODO_ERROR) }),
  });
  const confirmRemove = (todo: Todo) =>
    modals.openConfirmModal({
      title: 'Delete to-do',
      children: (
        <Text size="sm">Remove {todo.transaction.label} from the to-dos? The task itself stays.</Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(todo.id),
    });

  return (
    <Card withBorder radius="md" padding="lg" aria-label="To-dos">
      <Stack gap="sm">
        <Title order={2} size="h3">
          To-dos
        </Title>
        {todos.isPending && <Loader size="sm" aria-label="Loading to-dos" />}
        {todos.isError && <Alert color="red">{TODO_ERROR}</Alert>}
        {todos.data?.length === 0 && (
          <Text c="dimmed" size="sm">
            Nothing to do yet. Start a workflow and its tasks will appear here.
          </Text>
        )}
        {!!todos.data?.length && (
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {todos.data.map((todo) => (
                <Table.Tr key={todo.id}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      onClick={() =>
                        navigate(
                          workbenchPath(
                            companyId,
                            todo.transaction.module_id,
                            todo.transaction.project_id,
                            todo.transaction.id,
                            stepFor(
                              {
                                id: todo.transaction.id,
                                open: true,
                                validated_questionnaire: todo.transaction.status === 'In Progress',
                              },
                              { isAssessment: false },
                            ),
                          ),
                        )
                      }
                    >
                      {todo.transaction.label}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {todo.transaction.project_label}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{todo.transaction.status}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end" gap="xs" wrap="nowrap">
                      <AssigneeSelect companyId={companyId} todo={todo} />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete to-do ${todo.transaction.label}`}
                        onClick={() => confirmRemove(todo)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
