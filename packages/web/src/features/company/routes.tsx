import { Navigate, type RouteObject } from 'react-router';
import { UserProfilePage } from '../profile/user-profile-page.tsx';
import { WorkflowsPage } from '../workflows/workflows-page.tsx';
import { CompanySelectPage } from '../workspaces/company-select-page.tsx';
import { HomePage } from './home-page.tsx';
import { PlaceholderPage } from './placeholder-page.tsx';

/** Company pages still to come, by path and title. */
const PLACEHOLDERS: [string, string][] = [
  ['tasks', 'Tasks'],
  ['rooms', 'Rooms'],
  ['documents', 'Documents'],
  ['reports', 'Reports'],
  ['cabinet', 'File Cabinet'],
  ['settings/*', 'Workspace Settings'],
  ['plans', 'Plans'],
  ['submitted-tasks', 'Submitted Tasks'],
  ['teams', 'Teams'],
  ['dashboard', 'Dashboard'],
  ['investments', 'Investments'],
  ['lp-portal', 'LP Portal'],
];

/** Children of /c/:companyId (rendered inside AppShell). */
export const companyRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  { path: 'home', element: <HomePage /> },
  { path: 'workflows', element: <WorkflowsPage /> },
  { path: 'company-select', element: <CompanySelectPage /> },
  { path: 'user-settings/*', element: <UserProfilePage /> },
  ...PLACEHOLDERS.map(([path, title]) => ({ path, element: <PlaceholderPage title={title} /> })),
];
