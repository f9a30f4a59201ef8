import type { TodoView } from '@charter/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiFetch = vi.fn();
vi.mock('../../api/client.ts', () => ({ apiFetch: (...args: unknown[]) => apiFetch(...args) }));

const { fetchTodos, todoCalls, todosKey } = await import('./todo-calls.ts');

const todo = (assignee: TodoView['assignee']): TodoView => ({
  id: 7,
  created_at: '2026-01-01T00:00:00.000Z',
  transaction: {
    id: 11,
    label: 'Formation details',
    status: 'Not Started',
    project_id: 3,
    project_label: 'Form a Delaware Corporation',
    project_template_id: 'form-delaware-corporation',
    module_id: 2,
  },
  assignee,
});
const dana = { id: 5, email: 'dana@example.com', name: 'Dana Demo' };

describe('to-do calls: account view versus team view (spec 1 §6, §7 To-dos)', () => {
  beforeEach(() => apiFetch.mockReset().mockResolvedValue({ message: 'ok' }));

  it('lists the workspace to-dos with its token, or every workspace to-do with the user token', async () => {
    await fetchTodos({ team: false, companyId: 4 });
    await fetchTodos({ team: true });
    expect(apiFetch.mock.calls).toEqual([
      ['/api/account/recommendation', { accountId: 4 }],
      ['/api/user/recommendation'],
    ]);
    expect(todosKey({ team: true })).toEqual(['user', 'recommendations']);
    expect(todosKey({ team: false, companyId: 4 })).toEqual(['account', 4, 'recommendations']);
  });

  it('sends one to-do call to /api/account/… in a workspace', async () => {
    const calls = todoCalls({ team: false, companyId: 4 }, 4);
    await calls.assign(todo(null), 5);
    await calls.assign(todo(dana), null);
    await calls.remove(todo(dana));
    await calls.assignees('form-delaware-corporation');
    expect(apiFetch.mock.calls).toEqual([
      ['/api/account/transaction/11/assign', { accountId: 4, method: 'POST', body: { assignee_id: 5 } }],
      ['/api/account/recommendation/7', { accountId: 4, method: 'PATCH', body: { assignee_id: null } }],
      ['/api/account/recommendation/7', { accountId: 4, method: 'DELETE', body: undefined }],
      ['/api/account/recommendation/project_template/form-delaware-corporation', { accountId: 4 }],
    ]);
  });

  it('sends it to /api/user/dashboard/_account/{accountId}/… in the team view', async () => {
    const calls = todoCalls({ team: true }, 9);
    await calls.assign(todo(null), 5);
    await calls.assign(todo(dana), null);
    await calls.remove(todo(dana));
    await calls.assignees('form-delaware-corporation');
    const base = '/api/user/dashboard/_account/9';
    expect(apiFetch.mock.calls).toEqual([
      [`${base}/transaction/11/assign`, { method: 'POST', body: { assignee_id: 5 } }],
      [`${base}/recommendation/7`, { method: 'PATCH', body: { assignee_id: null } }],
      [`${base}/recommendation/7`, { method: 'DELETE', body: undefined }],
      [`${base}/recommendation/project_template/form-delaware-corporation`, {}],
    ]);
  });
});
