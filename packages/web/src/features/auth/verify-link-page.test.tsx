import type { ChallengeSignInResponse } from '@charter/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { Session } from '../../app/session-types.ts';
import { fakeSession, fakeUser, renderAt } from '../shell/test-providers.tsx';
import { VERIFY_LINK_BUTTON, VerifyLinkPage } from './verify-link-page.tsx';

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
let session: Session;
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/session.tsx', () => ({ useSession: () => session }));

const ID = '0b8c2f52-5a7e-4f7e-9a3c-1d2e3f4a5b6c';
const renderPage = () =>
  renderAt(
    `/verify/magic-link/${ID}/abcd1234?redirect=/c/7/workflows`,
    '/verify/:templateKey/:verificationId/:verificationCode',
    <VerifyLinkPage />,
  );
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  session = fakeSession({ status: 'anonymous', idToken: null });
  api.apiFetch.mockReset();
});
afterEach(cleanup);

describe('VerifyLinkPage', () => {
  it('uses nothing up when opened: the code is redeemed only when the button is clicked', async () => {
    const signedIn: ChallengeSignInResponse = { id_token: 'fresh', user: fakeUser(), state: 'magic-link' };
    api.apiFetch.mockImplementation(async (path: string) =>
      path === '/api/user/takeover' ? { items: [] } : signedIn,
    );
    renderPage();
    const button = await screen.findByRole('button', { name: VERIFY_LINK_BUTTON });
    // A scanner that opens the link and runs its script waits here without a request.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.apiFetch).not.toHaveBeenCalled();
    expect(session.signIn).not.toHaveBeenCalled();

    fireEvent.click(button);
    await waitFor(() => expect(location()).toBe('/c/7/workflows'));
    // The redemption, then whether an earlier registration of the address left anything to review.
    expect(api.apiFetch).toHaveBeenCalledTimes(2);
    expect(api.apiFetch).toHaveBeenLastCalledWith('/api/user/takeover', { auth: 'id' });
    expect(api.apiFetch).toHaveBeenCalledWith(`/api/authn/session/challenge/${ID}`, {
      method: 'POST',
      auth: 'none',
      body: { code: 'ABCD1234' },
    });
    expect(session.signIn).toHaveBeenCalledWith('fresh');
  });

  it('goes by the account review when an earlier registration of the address set things up', async () => {
    const signedIn: ChallengeSignInResponse = { id_token: 'fresh', user: fakeUser(), state: 'magic-link' };
    api.apiFetch.mockImplementation(async (path: string) =>
      path === '/api/user/takeover' ? { items: [{ id: 1 }] } : signedIn,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: VERIFY_LINK_BUTTON }));
    await waitFor(() =>
      expect(location()).toBe(`/c/0/account-review?redirect=${encodeURIComponent('/c/7/workflows')}`),
    );
  });

  it("shows the server's reason when the link no longer works", async () => {
    api.apiFetch.mockRejectedValue(
      new ApiError(400, { code: 'E_CODE_REDEEMED', message: 'This code has already been used.' }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: VERIFY_LINK_BUTTON }));
    expect(await screen.findByText('This code has already been used.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();
    expect(session.signIn).not.toHaveBeenCalled();
  });
});
