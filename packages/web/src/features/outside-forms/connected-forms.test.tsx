import type { OutsideFormView } from '@charter/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../shell/test-providers.tsx';
import { ConnectedForms } from './connected-forms.tsx';

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
const push = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }) }));

const form = (over: Partial<OutsideFormView>): OutsideFormView => ({
  id: 1,
  name: 'Intake',
  description: '',
  type: 'outside_form',
  state: 'Open',
  transaction_id: 7,
  room_id: null,
  parent_id: null,
  link: 'http://localhost/outside-form/AAAAAAAAAAAAAAAAAAAAAA',
  assigned_email: null,
  send_email: false,
  email_status: 'Email Not Sent',
  finalize: false,
  question_ids: ['title'],
  created_at: '2026-11-25T10:00:00.000Z',
  completed_at: null,
  ...over,
});

beforeEach(() => {
  push.mockReset();
  api.apiFetch.mockReset();
});
afterEach(cleanup);

describe('ConnectedForms', () => {
  it('lists connected and standing forms with their states, email status and finalize note', async () => {
    api.apiFetch.mockResolvedValue([
      form({
        id: 1,
        name: 'Done request',
        type: 'data_request',
        state: 'Completed',
        send_email: true,
        email_status: 'Email Sent',
      }),
      form({ id: 2, name: 'Open request', type: 'data_request', assigned_email: 'a@b.test', finalize: true }),
      form({
        id: 3,
        name: 'Standing',
        type: 'persistent',
        link: 'http://localhost/api/redirect/form/BBBBBBBBBBBBBBBBBBBBBB',
      }),
    ]);
    renderAt('/', '/', <ConnectedForms companyId={4} roomId={9} />);
    expect(await screen.findByText('Connected Forms')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/outside_forms?room_id=9', expect.anything());
    const rows = screen.getAllByTestId('outside-form-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Done request'),
      expect.stringContaining('Open request'),
      expect.stringContaining('Standing'),
    ]);
    expect(within(rows[0]).getByText('Completed')).toBeTruthy();
    expect(within(rows[0]).getByText('Email Sent')).toBeTruthy();
    expect(within(rows[1]).getByText('Email Not Sent')).toBeTruthy();
    expect(within(rows[1]).getByText('Finalizes task on submission')).toBeTruthy();
    expect(screen.getByText('Standing Forms')).toBeTruthy();
  });

  it("says 'Error resending email link.' when the link cannot be sent again", async () => {
    api.apiFetch.mockImplementation(async (path: string) => {
      if (path.endsWith('/resend')) throw new Error('nope');
      return [form({ id: 2, name: 'Open request', type: 'data_request', assigned_email: 'a@b.test' })];
    });
    renderAt('/', '/', <ConnectedForms companyId={4} transactionId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend Email' }));
    await waitFor(() =>
      expect(push).toHaveBeenCalledWith({ type: 'error', message: 'Error resending email link.' }),
    );
    expect(api.apiFetch).toHaveBeenCalledWith(
      '/api/account/transaction/7/outside/2/resend',
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
