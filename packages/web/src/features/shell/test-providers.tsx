import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Session, SessionUser } from '../../app/session-types.ts';

/** The signed-in user as GET /api/user/me answers it; override what a test needs. */
export const fakeUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 1,
  email: 'ada@example.com',
  first_name: 'Ada',
  family_name: 'Lovelace',
  phone: null,
  email_verified: true,
  password_allowed: true,
  password_prompted: false,
  is_staff: false,
  impersonator_id: null,
  ...overrides,
});

/** A signed-in session for component tests; override what a test needs. */
export function fakeSession(overrides: Partial<Session> = {}, user: Partial<SessionUser> = {}): Session {
  return {
    status: 'authenticated',
    user: fakeUser(user),
    idToken: 'token',
    signIn: vi.fn(),
    logout: vi.fn(async () => undefined),
    accessTokenFor: vi.fn(async () => 'access'),
    currentAccountId: null,
    switchAccount: vi.fn(async () => undefined),
    refreshUser: vi.fn(async () => undefined),
    impersonatorId: null,
    loggedOut: false,
    ...overrides,
  };
}

/** Shows the current location so tests can assert navigation. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** Renders `element` at `path` (a route pattern) opened on `url`, inside the app's providers. */
export function renderAt(url: string, path: string, element: ReactNode, children?: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={path} element={element}>
                {children}
              </Route>
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
