import { Anchor, Center, Loader, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { backToStaffConsole } from '../api/end-remote-login.ts';
import { lazyPage } from '../app/lazy-page.ts';
import { createQueryClient } from '../app/query-client.ts';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { useStaffSession } from './staff-session.ts';
import { StaffShell } from './staff-shell.tsx';

const UsersPage = lazyPage(() => import('./pages/users-page.tsx').then((m) => m.UsersPage));
const UserPage = lazyPage(() => import('./pages/user-page.tsx').then((m) => m.UserPage));
const WorkspacesPage = lazyPage(() => import('./pages/workspaces-page.tsx').then((m) => m.WorkspacesPage));
const WorkspacePage = lazyPage(() => import('./pages/workspace-page.tsx').then((m) => m.WorkspacePage));
const AuditPage = lazyPage(() => import('./pages/audit-page.tsx').then((m) => m.AuditPage));
const JobsPage = lazyPage(() => import('./pages/jobs-page.tsx').then((m) => m.JobsPage));
const BrandsPage = lazyPage(() => import('./pages/brands-page.tsx').then((m) => m.BrandsPage));
const PartnersPage = lazyPage(() => import('./pages/partners-page.tsx').then((m) => m.PartnersPage));

export const NOT_AVAILABLE = 'The staff console is not available';

/** Signed out: the login page, which comes back here (this very page) after sign-in. */
function ToLogin() {
  useEffect(() => {
    const here = `${window.location.pathname}${window.location.search}`;
    window.location.replace(`/login?${new URLSearchParams({ redirect: here })}`);
  }, []);
  return <Waiting />;
}

function Waiting() {
  return (
    <Center mih="50vh" role="status">
      <Loader aria-label="Loading" />
    </Center>
  );
}

function Message({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} size="h2" ta="center">
          {title}
        </Title>
        <Text ta="center">{children}</Text>
      </Stack>
    </Center>
  );
}

function Console() {
  const session = useStaffSession();
  if (session.status === 'loading') return <Waiting />;
  if (session.status === 'anonymous') return <ToLogin />;
  if (session.status === 'denied') {
    return (
      <Message title={NOT_AVAILABLE}>
        {session.me.impersonator_id !== null ? (
          <>
            You are logged in as another user.{' '}
            <Anchor component="button" onClick={() => void backToStaffConsole()}>
              Back to staff console
            </Anchor>{' '}
            ends that and opens the console as yourself.
          </>
        ) : (
          <>
            It is for platform staff only. <Anchor href="/">Back to Charter</Anchor>
          </>
        )}
      </Message>
    );
  }
  return (
    <StaffShell me={session.me}>
      <Suspense fallback={<Waiting />}>
        <Routes>
          <Route index element={<Navigate to="users" replace />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="users/:id" element={<UserPage />} />
          <Route path="workspaces" element={<WorkspacesPage />} />
          <Route path="workspaces/:id" element={<WorkspacePage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="jobs" element={<JobsPage />} />
          <Route path="brands" element={<BrandsPage />} />
          <Route path="partners" element={<PartnersPage />} />
          <Route path="*" element={<Navigate to="users" replace />} />
        </Routes>
      </Suspense>
    </StaffShell>
  );
}

/** The staff console of platform admins at /staff: its own entry, pages loaded as they open. */
export function StaffApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename="/staff">
          <Console />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
