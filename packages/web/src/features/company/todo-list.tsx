import type { TodoView, UserTodoView } from '@charter/domain';
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
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { stepFor, workbenchPath } from '../workbench/routing.ts';
import { fetchTodos, type TodoMode, todoCalls, todosKey } from './todo-calls.ts';

type Todo = TodoView;
type Workspace = UserTodoView['account'];

const TODO_ERROR = 'An error has occurred.';

/** One to-do's calls, and the list to reload after them. */
function useTodoCalls(mode: TodoMode, accountId: number) {
  const queryClient = useQueryClient();
  return {
    calls: todoCalls(mode, accountId),
    reload: () => queryClient.invalidateQueries({ queryKey: todosKey(mode) }),
  };
}

function AssigneeSelect({ mode, accountId, todo }: { mode: TodoMode; accountId: number; todo: Todo }) {
  const { push } = useNotices();
  const { calls, reload } = useTodoCalls(mode, accountId);
  const templateId = todo.transaction.project_template_id;
  const options = useQuery({
    queryKey: calls.assigneesKey(templateId),
    queryFn: () => calls.assignees(templateId),
    staleTime: 60_000,
  });
  const update = useMutation({
    mutationFn: (assigneeId: number | null) => calls.assign(todo, assigneeId),
    onSuccess: (result) => {
      push({ type: 'success', message: result.message });
      return reload();
    },
    // Spec 1 §8: a failed task assignment is a warning, a failed assignee update an error.
    onError: (caught) =>
      push({ type: todo.assignee ? 'error' : 'warning', message: errorMessage(caught, TODO_ERROR) }),
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

/** A to-do: its task group (opened in the workbench when the user may open the workspace), status, assignee. */
function TodoRow(props: { mode: TodoMode; accountId: number; todo: Todo; opens: boolean }) {
  const { mode, accountId, todo, opens } = props;
  const navigate = useNavigate();
  const { push } = useNotices();
  const { calls, reload } = useTodoCalls(mode, accountId);
  const remove = useMutation({
    mutationFn: () => calls.remove(todo),
    onSuccess: (result) => {
      push({ type: 'success', message: result.message });
      return reload();
    },
    onError: (caught) => push({ type: 'error', message: errorMessage(caught, TODO_ERROR) }),
  });
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Delete to-do',
      children: (
        <Text size="sm">Remove {todo.transaction.label} from the to-dos? The task itself stays.</Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });
  const open = () =>
    navigate(
      workbenchPath(
        accountId,
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
    );
  return (
    <Table.Tr>
      <Table.Td>
        {opens ? (
          <Anchor component="button" onClick={open}>
            {todo.transaction.label}
          </Anchor>
        ) : (
          <Text size="sm">{todo.transaction.label}</Text>
        )}
        <Text size="xs" c="dimmed">
          {todo.transaction.project_label}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light">{todo.transaction.status}</Badge>
      </Table.Td>
      <Table.Td>
        <Group justify="flex-end" gap="xs" wrap="nowrap">
          <AssigneeSelect mode={mode} accountId={accountId} todo={todo} />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete to-do ${todo.transaction.label}`}
            onClick={confirmRemove}
            loading={remove.isPending}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function TodoTable(props: { mode: TodoMode; accountId: number; todos: Todo[]; opens: boolean }) {
  return (
    <Table verticalSpacing="xs">
      <Table.Tbody>
        {props.todos.map((todo) => (
          <TodoRow key={todo.id} {...props} todo={todo} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The team view's to-dos by workspace, in the order of each workspace's newest to-do. */
function byWorkspace(todos: UserTodoView[]) {
  const groups = new Map<number, { workspace: Workspace; todos: UserTodoView[] }>();
  for (const todo of todos) {
    const group = groups.get(todo.account.id) ?? { workspace: todo.account, todos: [] };
    group.todos.push(todo);
    groups.set(todo.account.id, group);
  }
  return [...groups.values()];
}

const isTeamList = (mode: TodoMode, todos: Todo[]): todos is UserTodoView[] => mode.team;

/**
 * The to-dos: open task groups, each with its assignee, to open or to dismiss. On a workspace's home page
 * they are that workspace's; in the team view (the personal dashboard) every workspace's the user may act
 * on, by workspace, through the user paths (todo-calls.ts).
 */
export function TodoList({ mode }: { mode: TodoMode }) {
  const todos = useQuery({
    queryKey: todosKey(mode),
    queryFn: () => fetchTodos(mode),
    enabled: mode.team || mode.companyId > 0,
    // Workflows started or submitted elsewhere change the to-dos: each visit asks again.
    refetchOnMount: 'always',
  });
  const list = todos.data ?? [];

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
            {mode.team
              ? 'Nothing to do in your workspaces yet.'
              : 'Nothing to do yet. Start a workflow and its tasks will appear here.'}
          </Text>
        )}
        {list.length > 0 &&
          (isTeamList(mode, list) ? (
            byWorkspace(list).map(({ workspace, todos: rows }) => (
              <Stack key={workspace.id} gap={4} component="section" aria-label={workspace.name}>
                <Group gap="xs">
                  <Title order={3} size="h5">
                    {workspace.name}
                  </Title>
                  {!workspace.member && (
                    <Badge size="sm" variant="outline" color="gray">
                      Client
                    </Badge>
                  )}
                </Group>
                <TodoTable mode={mode} accountId={workspace.id} todos={rows} opens={workspace.member} />
              </Stack>
            ))
          ) : (
            <TodoTable mode={mode} accountId={mode.team ? 0 : mode.companyId} todos={list} opens />
          ))}
      </Stack>
    </Card>
  );
}
