import { LOGIN_BANNER } from '@charter/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderAt } from '../shell/test-providers.tsx';
import { LoginPage } from './login-page.tsx';

vi.mock('../../api/client.ts', () => ({ apiFetch: vi.fn(async () => ({ google: false })) }));
vi.mock('../../app/session.tsx', () => ({
  useSession: () => fakeSession({ status: 'anonymous', user: null }),
}));
afterEach(cleanup);

describe('LoginPage', () => {
  it('asks to log in or register first when it was opened on the way to another page', async () => {
    renderAt('/login?redirect=%2Fc%2F5%2Fdocuments', '/login', <LoginPage />);
    expect(await screen.findByText(LOGIN_BANNER)).toBeTruthy();
    expect(screen.getByText(LOGIN_BANNER).closest('[role=status]')).toBeTruthy();
  });

  it('says nothing of the kind when opened directly', async () => {
    renderAt('/login', '/login', <LoginPage />);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText(LOGIN_BANNER)).toBeNull();
  });
});
