import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/Spinner';
import { CHAT_ROUTE, legacyChatPath } from '@/lib/chat-address';
import { loadTexts } from '@/lib/i18n';
import { loadAgain } from '@/lib/load-again';
import { AuthLayout } from './layout/AuthLayout';
import { RootLayout } from './layout/RootLayout';
import { ErrorRoute } from './routes/error';

/**
 * A route whose screen is its own chunk: the browser fetches the code of the screen it opens (and what that
 * imports), not of all of them. The router waits for it before showing the screen.
 */
const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => {
  // Fetched again once the server answers, if it was away when the screen was opened.
  const code = loadAgain(load);
  return async (): Promise<Pick<RouteObject, 'Component'>> => ({ Component: pick(await code()) });
};

/**
 * The server-data cache (TanStack Query, the contract's schemas): a layout of its own, above every screen but
 * /login, which loads without it.
 */
const dataLayer = screen(
  () => import('./layout/DataLayer'),
  (m) => m.DataLayer,
);

/** Shown only on the very first load, while the first screen's chunk arrives. */
function FirstLoad() {
  const { t } = useTranslation();
  return <PageSpinner label={t('app.loading')} />;
}

/** The screens below the session guard. */
const signedInScreens: RouteObject[] = [
  {
    path: '/',
    lazy: screen(
      () => import('./routes/workspace'),
      (m) => m.WorkspaceRoute,
    ),
    // The workspace itself, or with a chat open at its address: the workspace reads which from the URL.
    children: [
      {
        index: true,
        // Old links `/?ticket=…` (from before chats had addresses) go to the chat's address.
        loader: ({ request }) => {
          const chat = legacyChatPath(new URL(request.url).search);
          return chat ? redirect(chat) : null;
        },
      },
      { path: CHAT_ROUTE },
    ],
  },
  {
    path: '/profile/:username',
    lazy: screen(
      () => import('./layout/UserPanelLayout'),
      (m) => m.UserPanelLayout,
    ),
    children: [
      {
        index: true,
        lazy: screen(
          () => import('./routes/profile'),
          (m) => m.ProfileRoute,
        ),
      },
      {
        path: 'bubbles',
        lazy: screen(
          () => import('./routes/bubbles'),
          (m) => m.BubblesRoute,
        ),
      },
    ],
  },
  {
    path: '/admin-panel',
    // The admin panel's texts come with its layout, not with the session guard: the workspace does not need them.
    lazy: screen(
      () => Promise.all([import('./layout/AdminPanelLayout'), loadTexts('admin')]).then(([m]) => m),
      (m) => m.AdminPanelLayout,
    ),
    children: [
      {
        index: true,
        lazy: screen(
          () => import('./layout/AdminPanelLayout'),
          (m) => m.AdminPanelHome,
        ),
      },
      {
        lazy: screen(
          () => import('./guards/RequireAdmin'),
          (m) => m.RequireAdmin,
        ),
        children: [
          {
            path: 'get-started',
            lazy: screen(
              () => import('./routes/admin-get-started'),
              (m) => m.AdminGetStartedRoute,
            ),
          },
          {
            path: 'settings',
            lazy: screen(
              () => import('./routes/admin-settings'),
              (m) => m.AdminSettingsRoute,
            ),
          },
          {
            path: 'agents',
            lazy: screen(
              () => import('./routes/admin-agents'),
              (m) => m.AdminAgentsRoute,
            ),
          },
          {
            path: 'user-profile/:shortId',
            lazy: screen(
              () => import('./routes/admin-agents'),
              (m) => m.AdminUserProfileRoute,
            ),
          },
        ],
      },
      {
        path: 'clients',
        lazy: screen(
          () => import('./routes/admin-clients'),
          (m) => m.AdminClientsRoute,
        ),
      },
      {
        path: 'client-profile/:shortId',
        lazy: screen(
          () => import('./routes/admin-clients'),
          (m) => m.AdminClientProfileRoute,
        ),
      },
      {
        path: 'tickets',
        lazy: screen(
          () => import('./routes/admin-tickets'),
          (m) => m.AdminTicketsRoute,
        ),
      },
    ],
  },
];

/** SPEC §2 routes. The other admin panel sections join here in their issues. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorRoute />,
    HydrateFallback: FirstLoad,
    children: [
      {
        element: <AuthLayout />,
        children: [
          {
            path: '/login',
            lazy: screen(
              () => import('@/features/auth'),
              (m) => m.LoginScreen,
            ),
          },
          {
            lazy: dataLayer,
            children: [
              {
                path: '/register-company',
                lazy: screen(
                  () => import('@/features/auth').then((m) => m.loadRegisterCompanyScreen()),
                  (m) => m.RegisterCompanyScreen,
                ),
              },
              {
                path: '/forgot-password',
                lazy: screen(
                  () => import('@/features/auth').then((m) => m.loadForgotPasswordScreen()),
                  (m) => m.ForgotPasswordScreen,
                ),
              },
            ],
          },
        ],
      },
      {
        lazy: dataLayer,
        children: [
          {
            // The signed-in screens' texts arrive with the guard, before any of them shows.
            lazy: screen(
              () => Promise.all([import('./guards/RequireSession'), loadTexts('signedIn')]).then(([m]) => m),
              (m) => m.RequireSession,
            ),
            children: signedInScreens,
          },
          {
            path: '*',
            lazy: screen(
              () => import('./routes/not-found'),
              (m) => m.NotFoundRoute,
            ),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
