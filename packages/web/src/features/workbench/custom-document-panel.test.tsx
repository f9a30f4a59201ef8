import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../shell/test-providers.tsx';
import { CustomDocumentPanel } from './custom-document-panel.tsx';

const api = vi.hoisted(() => ({
  apiFetch: vi.fn(),
  errorMessage: (_: unknown, fallback: string) => fallback,
}));
const push = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }) }));

type Options = { method?: string; body?: { fields?: Record<string, string> } };
const saved = (fields: Record<string, string>) => ({
  id: 5,
  filename: 'Engagement.docx',
  tokens: ['client_name', 'fee'],
  notes: [],
  valid: true,
  fields,
});

beforeEach(() => {
  push.mockReset();
  api.apiFetch.mockReset();
  api.apiFetch.mockImplementation(async (path: string, options?: Options) => {
    if (path === '/api/account/storage/my_templates') return [];
    if (path.startsWith('/api/account/custom_document?task_id=')) return saved({ client_name: 'Globex' });
    if (path === '/api/account/custom_document/5' && options?.method === 'PUT')
      return saved(options.body?.fields ?? {});
    return undefined;
  });
});
afterEach(cleanup);

const render = () =>
  renderAt('/c/7/task', '/c/:companyId/task', <CustomDocumentPanel companyId={7} taskId={3} editable />);

describe('CustomDocumentPanel', () => {
  it("saves a token's value when its box is left, with the values already saved", async () => {
    render();
    const fee = await screen.findByRole('textbox', { name: 'fee' });
    expect((screen.getByRole('textbox', { name: 'client_name' }) as HTMLInputElement).value).toBe('Globex');
    expect(screen.queryByRole('button', { name: 'Save values' })).toBeNull();

    fireEvent.change(fee, { target: { value: '$5,000' } });
    expect(api.apiFetch).not.toHaveBeenCalledWith('/api/account/custom_document/5', expect.anything());
    fireEvent.blur(fee);
    await waitFor(() =>
      expect(api.apiFetch).toHaveBeenCalledWith('/api/account/custom_document/5', {
        method: 'PUT',
        accountId: 7,
        body: { fields: { client_name: 'Globex', fee: '$5,000' } },
      }),
    );
    expect((fee as HTMLInputElement).value).toBe('$5,000');

    // Leaving a box unchanged saves nothing again.
    api.apiFetch.mockClear();
    fireEvent.blur(screen.getByRole('textbox', { name: 'client_name' }));
    fireEvent.blur(fee);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.apiFetch).not.toHaveBeenCalledWith('/api/account/custom_document/5', expect.anything());
  });
});
