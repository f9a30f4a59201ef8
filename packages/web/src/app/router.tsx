import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { BrowserRouter, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { companyRoutes } from '../features/company/routes.tsx';
import { lazyPage } from './lazy-page.ts';
import { backgroundOf } from './modal-location.ts';
import { PageBoundary } from './page-boundary.tsx';
import { CompanyPrefixRedirect, PublicOnly, RequireAuth } from './route-guards.tsx';
import { useCloseModal } from './use-close-modal.ts';

const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx').then((m) => m.LoginPage));
const RegisterPage = lazyPage(() => import('../features/auth/register-page.tsx').then((m) => m.RegisterPage));
const ConfirmEmailPage = lazyPage(() =>
  import('../features/auth/confirm-email-page.tsx').then((m) => m.ConfirmEmailPage),
);
const ForgotPasswordPage = lazyPage(() =>
  import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
);
const VerifyCodePage = lazyPage(() =>
  import('../features/auth/verify-code-page.tsx').then((m) => m.VerifyCodePage),
);
const VerifyLinkPage = lazyPage(() =>
  import('../features/auth/verify-link-page.tsx').then((m) => m.VerifyLinkPage),
);
const RemoteLoginPage = lazyPage(() =>
  import('../features/auth/remote-login-page.tsx').then((m) => m.RemoteLoginPage),
);
const AppShell = lazyPage(() => import('../features/shell/app-shell.tsx').then((m) => m.AppShell));
const TermsModal = lazyPage(() => import('../features/legal/terms-modal.tsx').then((m) => m.TermsModal));
const PrivacyModal = lazyPage(() =>
  import('../features/legal/privacy-modal.tsx').then((m) => m.PrivacyModal),
);
const NewWorkspaceModal = lazyPage(() =>
  import('../features/workspaces/new-workspace-modal.tsx').then((m) => m.NewWorkspaceModal),
);

const PlansModal = lazyPage(() => import('../features/billing/plans-modal.tsx').then((m) => m.PlansModal));

/** What shows behind a modal route opened directly (no page to return to). */
function ModalBackdrop() {
  return <Box mih="100vh" bg="var(--mantine-color-gray-0)" />;
}

/** Top-level paths the spec uses without a company prefix. */
const UNPREFIXED_SECTIONS = ['home', 'settings', 'user-settings', 'dashboard', 'plans', 'company-select'];

const pageRoutes: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  {
    path: '/login',
    element: (
      <PublicOnly>
        <LoginPage />
      </PublicOnly>
    ),
  },
  {
    path: '/register',
    element: (
      <PublicOnly>
        <RegisterPage />
      </PublicOnly>
    ),
  },
  {
    path: '/register/confirm-email',
    element: (
      <RequireAuth>
        <ConfirmEmailPage />
      </RequireAuth>
    ),
  },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:code', element: <ResetPasswordPage /> },
  { path: '/verify-code/:templateKey', element: <VerifyCodePage /> },
  { path: '/verify/:templateKey/:verificationId/:verificationCode', element: <VerifyLinkPage /> },
  {
    path: '/remote-login',
    element: (
      <RequireAuth>
        <RemoteLoginPage />
      </RequireAuth>
    ),
  },
  {
    path: '/c/:companyId',
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    children: companyRoutes,
  },
  ...UNPREFIXED_SECTIONS.map((section) => ({
    path: `/${section}/*`,
    element: (
      <RequireAuth>
        <CompanyPrefixRedirect section={section} />
      </RequireAuth>
    ),
  })),
  { path: '/terms', element: <ModalBackdrop /> },
  { path: '/privacy', element: <ModalBackdrop /> },
  { path: '/new-company', element: <ModalBackdrop /> },
  { path: '*', element: <Navigate to="/login" replace /> },
];

function NewCompanyRoute() {
  const close = useCloseModal();
  return (
    <RequireAuth>
      <NewWorkspaceModal opened onClose={close} />
    </RequireAuth>
  );
}

/** The plans modal over the page it was opened from (Upgrade Plan); opened directly it is a company page. */
function PlansOverPage() {
  const location = useLocation();
  if (!backgroundOf(location)) return null;
  return (
    <RequireAuth>
      <PlansModal />
    </RequireAuth>
  );
}

const modalRoutes: RouteObject[] = [
  { path: '/c/:companyId/plans', element: <PlansOverPage /> },
  { path: '/terms', element: <TermsModal /> },
  { path: '/privacy', element: <PrivacyModal /> },
  { path: '/new-company', element: <NewCompanyRoute /> },
  // Most pages have no modal over them: a match that draws nothing, not React Router's "No routes matched"
  // warning on every navigation.
  { path: '*', element: null },
];

/** Pages, with /terms, /privacy and /new-company drawn as modals over the page they were opened from. */
export function AppRoutes() {
  const location = useLocation();
  const pageLocation = backgroundOf(location) ?? location;
  const page = useRoutes(pageRoutes, pageLocation);
  const modal = useRoutes(modalRoutes, location);
  return (
    <>
      <PageBoundary resetKey={pageLocation.pathname}>{page}</PageBoundary>
      <Suspense fallback={null}>{modal}</Suspense>
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
