import { createBrowserRouter, type RouteObject } from 'react-router';
import { ForgotPasswordScreen, LoginScreen, RegisterCompanyScreen } from '../features/auth';
import { RequireSession } from './guards/RequireSession';
import { AuthLayout } from './layout/AuthLayout';
import { RootLayout } from './layout/RootLayout';
import { UserPanelLayout } from './layout/UserPanelLayout';
import { ErrorRoute } from './routes/error';
import { NotFoundRoute } from './routes/not-found';
import { ProfileRoute } from './routes/profile';
import { WorkspaceRoute } from './routes/workspace';

/** SPEC §2 routes. Admin panel and bubbles routes join here in their issues. */
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
            children: [{ index: true, element: <ProfileRoute /> }],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
