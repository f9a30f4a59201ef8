import { Navigate, type RouteObject } from 'react-router';
import { CabinetPage } from '../cabinet/cabinet-page.tsx';
import { DocumentsPage } from '../documents/documents-page.tsx';
import { UserProfilePage } from '../profile/user-profile-page.tsx';
import { TasksPage } from '../workbench/tasks-page.tsx';
import { WorkbenchPage } from '../workbench/workbench-page.tsx';
import { WorkflowsPage } from '../workflows/workflows-page.tsx';
import { CompanySelectPage } from '../workspaces/company-select-page.tsx';
import { HomePage } from './home-page.tsx';
import { PlaceholderPage } from './placeholder-page.tsx';

/** Company pages still to come, by path and title. */
const PLACEHOLDERS: [string, string][] = [
  ['rooms', 'Rooms'],
  ['reports', 'Reports'],
  ['settings/*', 'Workspace Settings'],
  ['plans', 'Plans'],
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
  { path: 'tasks', element: <TasksPage submitted={false} /> },
  { path: 'submitted-tasks', element: <TasksPage submitted /> },
  { path: 'documents', element: <DocumentsPage /> },
  { path: 'cabinet', element: <CabinetPage /> },
  { path: 'cabinet/:parentId/:fileId', element: <CabinetPage /> },
  { path: 'workbench/:moduleId/:projectId/:transactionId?/:step?', element: <WorkbenchPage /> },
  { path: 'company-select', element: <CompanySelectPage /> },
  { path: 'user-settings/*', element: <UserProfilePage /> },
  ...PLACEHOLDERS.map(([path, title]) => ({ path, element: <PlaceholderPage title={title} /> })),
];
