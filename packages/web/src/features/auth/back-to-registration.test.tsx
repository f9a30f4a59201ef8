import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicOnly } from '../../app/route-guards.tsx';
import type { Session } from '../../app/session-types.ts';
import { fakeSession } from '../shell/test-providers.tsx';
import { saveRegistrationDraft } from './auth-storage.ts';
import { ConfirmEmailPage } from './confirm-email-page.tsx';
import { RegisterPage } from './register-page.tsx';

let session: Session;
vi.mock('../../api/client.ts', () => ({ apiFetch: vi.fn(async () => []) }));
vi.mock('../../app/session.tsx', () => ({ useSession: () => session }));
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push: vi.fn() }) }));

function renderFlow() {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ModalsProvider>
          <MemoryRouter initialEntries={['/register/confirm-email']}>
            <Routes>
              <Route path="/register/confirm-email" element={<ConfirmEmailPage />} />
              <Route
                path="/register"
                element={
                  <PublicOnly>
                    <RegisterPage />
                  </PublicOnly>
                }
              />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('Back to Registration', () => {
  it('shows the registration form again with what was registered, still signed in', async () => {
    session = fakeSession({}, { email: 'jo@exmaple.com', email_verified: false });
    saveRegistrationDraft({
      firstName: 'Jo',
      lastName: 'Onboarding',
      email: 'jo@exmaple.com',
      addWorkspace: true,
      companyName: 'Journey Labs, Inc.',
      businessPurpose: null,
    });
    renderFlow();
    fireEvent.click(await screen.findByRole('button', { name: 'Back to Registration' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(session.logout).not.toHaveBeenCalled();
    expect(box('First Name').value).toBe('Jo');
    expect(box('Email').value).toBe('jo@exmaple.com');
    expect(box('Company Name').value).toBe('Journey Labs, Inc.');
    expect(screen.getByText(/You are signed in as jo@exmaple.com/)).toBeTruthy();
    // The way back to the code is offered too.
    fireEvent.click(screen.getByRole('link', { name: 'enter the code' }));
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeTruthy();
  });

  it('still keeps a signed-in user who has confirmed their email away from the form', async () => {
    session = fakeSession({}, { email_verified: true });
    renderFlow();
    fireEvent.click(await screen.findByRole('button', { name: 'Back to Registration' }));
    expect(screen.queryByRole('heading', { name: 'Create your account' })).toBeNull();
  });
});
