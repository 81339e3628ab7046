import { Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { AdminAccessGuard } from '../features/admin/components/AdminAccessGuard';
import { BootGate } from './boot/BootGate';
import { RequireSession } from './guards/RequireSession';
import { AppLayout } from './layouts/AppLayout';
import { lazyPage } from './lazy-page';
import { RouteErrorPage } from './RouteErrorPage';

const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/landing" replace /> },
  { path: 'apps', lazy: lazyPage(() => import('../pages/admin/AdminAppsPage'), 'AdminAppsPage') },
  {
    path: 'organization',
    lazy: lazyPage(() => import('../pages/admin/AdminOrganizationPage'), 'AdminOrganizationPage'),
  },
  { path: 'users', lazy: lazyPage(() => import('../pages/admin/AdminUsersPage'), 'AdminUsersPage') },
  { path: 'users/:id', lazy: lazyPage(() => import('../pages/admin/AdminUserPage'), 'AdminUserPage') },
  {
    path: 'system',
    children: [
      { index: true, element: <Navigate to="/landing" replace /> },
      {
        path: 'apps',
        lazy: lazyPage(() => import('../pages/admin/system/SystemAppsPage'), 'SystemAppsPage'),
      },
      {
        path: 'apps/joint-use',
        lazy: lazyPage(
          () => import('../pages/admin/system/SystemJointUseLibraryPage'),
          'SystemJointUseLibraryPage',
        ),
      },
      {
        path: 'organizations',
        lazy: lazyPage(
          () => import('../pages/admin/system/SystemOrganizationsPage'),
          'SystemOrganizationsPage',
        ),
      },
      {
        path: 'organizations/:id',
        lazy: lazyPage(
          () => import('../pages/admin/system/SystemOrganizationPage'),
          'SystemOrganizationPage',
        ),
      },
      {
        path: 'users',
        lazy: lazyPage(() => import('../pages/admin/system/SystemUsersPage'), 'SystemUsersPage'),
      },
      {
        path: 'users/:id',
        lazy: lazyPage(() => import('../pages/admin/system/SystemUserPage'), 'SystemUserPage'),
      },
    ],
  },
];

const geospatialRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/geospatial/my-system" replace /> },
  { path: 'datasets', lazy: lazyPage(() => import('../pages/geospatial/DatasetsPage'), 'DatasetsPage') },
  { path: 'my-system', lazy: lazyPage(() => import('../pages/geospatial/MySystemPage'), 'MySystemPage') },
  { path: 'vista', lazy: lazyPage(() => import('../pages/geospatial/VistaPage'), 'VistaPage') },
];

const permittingRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/permitting/all" replace /> },
  { path: 'all', lazy: lazyPage(() => import('../pages/permitting/AllPermitsPage'), 'AllPermitsPage') },
  {
    path: 'application',
    lazy: lazyPage(() => import('../pages/permitting/PermitApplicationPage'), 'PermitApplicationPage'),
  },
  {
    path: 'dashboard',
    lazy: lazyPage(() => import('../pages/permitting/PermitDashboardPage'), 'PermitDashboardPage'),
  },
  { path: 'my-work', lazy: lazyPage(() => import('../pages/permitting/MyWorkPage'), 'MyWorkPage') },
  {
    path: ':id',
    children: [
      { index: true, lazy: lazyPage(() => import('../pages/permitting/PermitPage'), 'PermitPage') },
      { path: 'map', lazy: lazyPage(() => import('../pages/permitting/PermitMapPage'), 'PermitMapPage') },
      {
        path: 'workflow',
        lazy: lazyPage(() => import('../pages/permitting/PermitWorkflowPage'), 'PermitWorkflowPage'),
      },
      {
        path: 'workflow/stages/:stageId',
        lazy: lazyPage(() => import('../pages/permitting/PermitStagePage'), 'PermitStagePage'),
      },
      {
        path: 'workflow/stages/:stageId/tasks/:taskId',
        lazy: lazyPage(() => import('../pages/permitting/PermitTaskPage'), 'PermitTaskPage'),
      },
    ],
  },
];

/** Pages inside the application frame; all of them need a signed-in, authorised user. */
const signedInRoutes: RouteObject[] = [
  { path: 'activity', lazy: lazyPage(() => import('../pages/ActivityPage'), 'ActivityPage') },
  { path: 'analytics', lazy: lazyPage(() => import('../pages/AnalyticsPage'), 'AnalyticsPage') },
  { path: 'landing', lazy: lazyPage(() => import('../pages/LandingPage'), 'LandingPage') },
  { path: 'projects', lazy: lazyPage(() => import('../pages/ProjectsPage'), 'ProjectsPage') },
  { path: 'projects/:id', lazy: lazyPage(() => import('../pages/ProjectPage'), 'ProjectPage') },
  {
    path: 'projects/:id/workflows/:templateId',
    lazy: lazyPage(() => import('../pages/WorkflowDesignerPage'), 'WorkflowDesignerPage'),
  },
  { path: 'admin', element: <AdminAccessGuard />, children: adminRoutes },
  { path: 'authtest', lazy: lazyPage(() => import('../pages/AuthTestPage'), 'AuthTestPage') },
  { path: 'error/default', lazy: lazyPage(() => import('../pages/ErrorPage'), 'ErrorPage') },
  { path: 'geospatial', children: geospatialRoutes },
  { path: 'permitting', children: permittingRoutes },
];

/** The product's route table. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <BootGate />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <Navigate to="/landing" replace /> },
      { path: 'sign-in', lazy: lazyPage(() => import('../pages/SignInPage'), 'SignInPage') },
      { path: 'policies/:policy', lazy: lazyPage(() => import('../pages/PolicyPage'), 'PolicyPage') },
      {
        element: <RequireSession />,
        children: [{ element: <AppLayout />, errorElement: <RouteErrorPage />, children: signedInRoutes }],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
