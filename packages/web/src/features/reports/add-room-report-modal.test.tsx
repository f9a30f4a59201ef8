import type { ReportTableView } from '@charter/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { renderAt } from '../shell/test-providers.tsx';
import { AddRoomReportModal } from './add-room-report-modal.tsx';

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
const push = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }) }));

const report = (key: string, label: string, hasEmail: boolean): ReportTableView => ({
  feature_type_id: key,
  question_label: label,
  template_label: 'Fund close',
  resource_type_id: 2,
  has_email: hasEmail,
  feature_types: [{ key: 'name', label: 'Name', type: 'person_name' }],
  rows: [],
  sharing: null,
  abilities: { share: true, add_to_room: true },
});

function open(onClose = vi.fn()) {
  api.apiFetch.mockImplementation(async (path: string) => {
    if (path === '/api/account/reports')
      return [report('fund.investors', 'Investors', true), report('fund.advisors', 'Advisors', false)];
    throw new Error(`unexpected ${path}`);
  });
  renderAt(
    '/c/7/rooms/3',
    '/c/:companyId/rooms/:roomId',
    <AddRoomReportModal companyId={7} roomId={3} onClose={onClose} />,
  );
  return onClose;
}

async function pick(label: string) {
  fireEvent.click(await screen.findByLabelText(/Report table/, { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(label), hidden: true }));
}

afterEach(() => {
  cleanup();
  api.apiFetch.mockReset();
  push.mockReset();
});

describe('Add Report Table', () => {
  it('asks for a report table first', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Report Table' }));
    expect(await screen.findByText('Please select a report table.')).toBeTruthy();
  });

  it("offers 'Only the viewing user's rows' only for a report with an email field, and adds it", async () => {
    const onClose = open();
    await pick('Advisors');
    expect(screen.queryByLabelText("Only the viewing user's rows")).toBeNull();
    await pick('Investors');
    fireEvent.click(screen.getByLabelText("Only the viewing user's rows"));
    api.apiFetch.mockResolvedValueOnce({ message: 'Room Report Added.', report: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Add Report Table' }));
    await waitFor(() =>
      expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Room Report Added.' }),
    );
    expect(api.apiFetch).toHaveBeenLastCalledWith('/api/account/admin/room/3/report', {
      auth: 'account',
      accountId: 7,
      method: 'POST',
      body: { feature_type_id: 'fund.investors', user_only: true },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the room report cannot be added', async () => {
    open();
    await pick('Advisors');
    api.apiFetch.mockRejectedValueOnce(new ApiError(500, {}));
    fireEvent.click(screen.getByRole('button', { name: 'Add Report Table' }));
    await waitFor(() =>
      expect(push).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', message: 'Failed to add room report.' }),
      ),
    );
  });
});
