import { Box } from '@mantine/core';
import { BrowserRouter, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { ConfirmEmailPage } from '../features/auth/confirm-email-page.tsx';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RegisterPage } from '../features/auth/register-page.tsx';
import { RemoteLoginPage } from '../features/auth/remote-login-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { VerifyCodePage } from '../features/auth/verify-code-page.tsx';
import { VerifyLinkPage } from '../features/auth/verify-link-page.tsx';
import { companyRoutes } from '../features/company/routes.tsx';
import { PrivacyModal } from '../features/legal/privacy-modal.tsx';
import { TermsModal } from '../features/legal/terms-modal.tsx';
import { AppShell } from '../features/shell/app-shell.tsx';
import { NewWorkspaceModal } from '../features/workspaces/new-workspace-modal.tsx';
import { backgroundOf } from './modal-location.ts';
import { CompanyPrefixRedirect, PublicOnly, RequireAuth } from './route-guards.tsx';
import { useCloseModal } from './use-close-modal.ts';

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

const modalRoutes: RouteObject[] = [
  { path: '/terms', element: <TermsModal /> },
  { path: '/privacy', element: <PrivacyModal /> },
  { path: '/new-company', element: <NewCompanyRoute /> },
];

/** Pages, with /terms, /privacy and /new-company drawn as modals over the page they were opened from. */
export function AppRoutes() {
  const location = useLocation();
  const page = useRoutes(pageRoutes, backgroundOf(location) ?? location);
  const modal = useRoutes(modalRoutes, location);
  return (
    <>
      {page}
      {modal}
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
