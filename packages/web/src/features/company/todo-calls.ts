import type { AssigneeOption, MessageResponse, TodoView, UserTodoView } from '@charter/domain';
import { type ApiFetchOptions, apiFetch } from '../../api/client.ts';

/**
 * Where the to-do calls go (spec 1 §6, §7 To-dos). In a workspace: /api/account/… with its access token.
 * In the team view (the personal dashboard): GET /api/user/recommendation for every workspace, and
 * /api/user/dashboard/_account/{accountId}/… for one to-do, with the user's own token, so a partner's
 * member can act on a client's to-dos without being a member of it.
 */
export type TodoMode = { team: false; companyId: number } | { team: true };

/** The to-dos' query key, which live events and mutations invalidate. */
export const todosKey = (mode: TodoMode) =>
  mode.team
    ? (['user', 'recommendations'] as const)
    : (['account', mode.companyId, 'recommendations'] as const);

export const TEAM_TODOS_KEY = todosKey({ team: true });

/** The calls on the to-dos of `accountId` (the workspace itself in account mode). */
export function todoCalls(mode: TodoMode, accountId: number) {
  const prefix = mode.team ? `/api/user/dashboard/_account/${accountId}` : '/api/account';
  const options: ApiFetchOptions = mode.team ? {} : { accountId };
  const send = (method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    apiFetch<MessageResponse>(`${prefix}${path}`, { ...options, method, body });
  return {
    assigneesKey: (templateId: string) =>
      mode.team
        ? ['user', 'team', accountId, 'assignees', templateId]
        : ['account', accountId, 'assignees', templateId],
    assignees: (templateId: string) =>
      apiFetch<AssigneeOption[]>(`${prefix}/recommendation/project_template/${templateId}`, options),
    /** A to-do without an assignee is assigned (its task group's call); one with an assignee is updated. */
    assign: (todo: TodoView, assigneeId: number | null) =>
      todo.assignee
        ? send('PATCH', `/recommendation/${todo.id}`, { assignee_id: assigneeId })
        : send('POST', `/transaction/${todo.transaction.id}/assign`, { assignee_id: assigneeId }),
    remove: (todo: TodoView) => send('DELETE', `/recommendation/${todo.id}`),
  };
}

/** The to-dos as the list shows them: the workspace's own, or every workspace's in the team view. */
export function fetchTodos(mode: TodoMode): Promise<(TodoView | UserTodoView)[]> {
  return mode.team
    ? apiFetch<UserTodoView[]>('/api/user/recommendation')
    : apiFetch<TodoView[]>('/api/account/recommendation', { accountId: mode.companyId });
}
