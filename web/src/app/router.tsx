import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ForgotPasswordScreen, LoginScreen, RegisterCompanyScreen } from '../features/auth';
import { RequireAdmin } from './guards/RequireAdmin';
import { RequireSession } from './guards/RequireSession';
import { AdminPanelLayout } from './layout/AdminPanelLayout';
import { AuthLayout } from './layout/AuthLayout';
import { RootLayout } from './layout/RootLayout';
import { UserPanelLayout } from './layout/UserPanelLayout';
import { AdminSettingsRoute } from './routes/admin-settings';
import { BubblesRoute } from './routes/bubbles';
import { ErrorRoute } from './routes/error';
import { NotFoundRoute } from './routes/not-found';
import { ProfileRoute } from './routes/profile';
import { WorkspaceRoute } from './routes/workspace';

/** SPEC §2 routes. The other admin panel sections join here in their issues. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorRoute />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: '/login', element: <LoginScreen /> },
          { path: '/register-company', element: <RegisterCompanyScreen /> },
          { path: '/forgot-password', element: <ForgotPasswordScreen /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          { path: '/', element: <WorkspaceRoute /> },
          {
            path: '/profile/:username',
            element: <UserPanelLayout />,
            children: [
              { index: true, element: <ProfileRoute /> },
              { path: 'bubbles', element: <BubblesRoute /> },
            ],
          },
          {
            path: '/admin-panel',
            element: <AdminPanelLayout />,
            children: [
              { index: true, element: <Navigate to="settings" replace /> },
              { element: <RequireAdmin />, children: [{ path: 'settings', element: <AdminSettingsRoute /> }] },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
