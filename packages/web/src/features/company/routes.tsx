import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page.ts';

// Each page its own chunk: a workspace's first screen does not wait for the cabinet, pdf.js or the workbench.
const HomePage = lazyPage(() => import('./home-page.tsx').then((m) => m.HomePage));
const PlaceholderPage = lazyPage(() => import('./placeholder-page.tsx').then((m) => m.PlaceholderPage));
const WorkflowsPage = lazyPage(() => import('../workflows/workflows-page.tsx').then((m) => m.WorkflowsPage));
const TasksPage = lazyPage(() => import('../workbench/tasks-page.tsx').then((m) => m.TasksPage));
const DocumentsPage = lazyPage(() => import('../documents/documents-page.tsx').then((m) => m.DocumentsPage));
const SigningPage = lazyPage(() => import('../signing/signing-page.tsx').then((m) => m.SigningPage));
const CabinetPage = lazyPage(() => import('../cabinet/cabinet-page.tsx').then((m) => m.CabinetPage));
const WorkbenchPage = lazyPage(() => import('../workbench/workbench-page.tsx').then((m) => m.WorkbenchPage));
const CompanySelectPage = lazyPage(() =>
  import('../workspaces/company-select-page.tsx').then((m) => m.CompanySelectPage),
);
const TeamsPage = lazyPage(() => import('../partners/teams-page.tsx').then((m) => m.TeamsPage));
const WorkspacePartnersPage = lazyPage(() =>
  import('../partners/workspace-partners-page.tsx').then((m) => m.WorkspacePartnersPage),
);
const PersonalDashboardPage = lazyPage(() =>
  import('../dashboard/personal-dashboard-page.tsx').then((m) => m.PersonalDashboardPage),
);
const SettingsPage = lazyPage(() => import('../members/settings-page.tsx').then((m) => m.SettingsPage));
const RoomsPage = lazyPage(() => import('../rooms/rooms-page.tsx').then((m) => m.RoomsPage));
const RoomPage = lazyPage(() => import('../rooms/room-page.tsx').then((m) => m.RoomPage));
const ShareDataRoomPage = lazyPage(() =>
  import('../rooms/share-data-room-page.tsx').then((m) => m.ShareDataRoomPage),
);
const ReportsPage = lazyPage(() => import('../reports/reports-page.tsx').then((m) => m.ReportsPage));
const BillingPage = lazyPage(() => import('../billing/billing-page.tsx').then((m) => m.BillingPage));
const SubscriptionsPage = lazyPage(() =>
  import('../billing/subscriptions-page.tsx').then((m) => m.SubscriptionsPage),
);
const PlansModal = lazyPage(() => import('../billing/plans-modal.tsx').then((m) => m.PlansModal));
const AccountReviewPage = lazyPage(() =>
  import('../account-review/account-review-page.tsx').then((m) => m.AccountReviewPage),
);
const UserProfilePage = lazyPage(() =>
  import('../profile/user-profile-page.tsx').then((m) => m.UserProfilePage),
);

/** Company pages still to come, by path and title. */
const PLACEHOLDERS: [string, string][] = [
  ['investments', 'Investments'],
  ['dashboard/investments', 'Investments'],
  ['lp-portal', 'LP Portal'],
];

/** Children of /c/:companyId (rendered inside AppShell). */
export const companyRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  { path: 'home', element: <HomePage /> },
  { path: 'workflows', element: <WorkflowsPage /> },
  { path: 'tasks', element: <TasksPage submitted={false} /> },
  { path: 'submitted-tasks', element: <TasksPage submitted /> },
  { path: 'documents', element: <DocumentsPage /> },
  { path: 'documents/:documentId/sign', element: <SigningPage /> },
  { path: 'cabinet', element: <CabinetPage /> },
  { path: 'cabinet/:parentId/:fileId', element: <CabinetPage /> },
  { path: 'workbench/:moduleId/:projectId/:transactionId?/:step?', element: <WorkbenchPage /> },
  { path: 'rooms', element: <RoomsPage /> },
  { path: 'rooms/:roomId/*', element: <RoomPage /> },
  { path: ':moduleId/share-data-room', element: <ShareDataRoomPage /> },
  { path: 'company-select', element: <CompanySelectPage /> },
  { path: 'user-settings/*', element: <UserProfilePage /> },
  { path: 'account-review', element: <AccountReviewPage /> },
  { path: 'teams', element: <TeamsPage /> },
  // The spec's /{product}-partners with our product slug (see WORKSPACE_PARTNERS_PATH).
  { path: 'charter-partners', element: <WorkspacePartnersPage /> },
  { path: 'reports', element: <ReportsPage /> },
  { path: 'dashboard', element: <PersonalDashboardPage /> },
  { path: 'dashboard/personal', element: <PersonalDashboardPage /> },
  // Workspace settings: profile and members (features/members).
  { path: 'settings/*', element: <SettingsPage /> },
  // Billing (features/billing): the plans page is drawn as a modal (spec 1 §2).
  { path: 'settings/billing', element: <BillingPage /> },
  { path: 'settings/subscriptions', element: <SubscriptionsPage /> },
  { path: 'plans', element: <PlansModal /> },
  ...PLACEHOLDERS.map(([path, title]) => ({ path, element: <PlaceholderPage title={title} /> })),
];
