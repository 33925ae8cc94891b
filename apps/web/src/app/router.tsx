import { type ComponentType, lazy } from 'react';
import { type RouteObject, UNSAFE_createBrowserHistory } from 'react-router';
import { currentLang } from '@/i18n/i18n';
import { loadScreenTexts, type TextPack } from '@/i18n/screens';
import { loadOnce } from '@/lib/load-once';
import { createAppHistory } from '@/lib/router/app-history';
import { RouteGuard } from './guards/route-guard';
import { ShellLayout } from './layouts/shell-layout';
import { HomePage } from './routes/home-page';
import { NotFoundPage } from './routes/not-found-page';

/**
 * A route whose component is loaded on demand, with the packs of screens' texts it uses in the current language
 * (`texts`, i18n/screens.ts; a route also has its layouts'), so the home page's first load stays small. `preload()`
 * asks for both before the route renders (app-router.tsx asks for every lazy part of a URL's routes at once). The
 * build reads the packs from this call (scripts/route-chunks.ts): write them as an array of strings.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  texts: readonly TextPack[] = [],
): Pick<RouteObject, 'Component'> {
  // A failed download is asked for again by the next render (the error page offers to reload).
  const preload = loadOnce(() =>
    Promise.all([load(), loadScreenTexts(currentLang(), texts)]).then(([module]) => ({ default: pick(module) })),
  );
  return { Component: Object.assign(lazy(preload), { preload }) };
}

const profileLayout = lazyPage(
  () => import('./layouts/profile-layout'),
  (m) => m.ProfileLayout,
  ['common', 'organiser'],
);
const adminLayout = lazyPage(
  () => import('./layouts/admin-layout'),
  (m) => m.AdminLayout,
  ['common', 'admin'],
);

/**
 * The routes of spec section 2. Everything under /profile goes through the route guard (session,
 * admin confinement, pending verification); the admin area has its own layout; unknown paths show
 * a page with only 404.
 */
export const routes: RouteObject[] = [
  {
    children: [
      {
        Component: ShellLayout,
        children: [
          // One map for `/` and `/events/:handleOrUuid`: moving between them keeps the map (and its markers). The
          // children only name the paths (HomePage renders no outlet); `element: null` says so to React Router.
          {
            Component: HomePage,
            children: [
              { index: true, element: null },
              { path: 'events/:handleOrUuid', element: null },
            ],
          },
          {
            path: 'organisations/:handle',
            ...lazyPage(
              () => import('@/features/organisation/components/organisation-page'),
              (m) => m.OrganisationPage,
              ['organisation'],
            ),
          },
          {
            path: 'profile',
            Component: RouteGuard,
            children: [
              {
                ...profileLayout,
                children: [
                  {
                    index: true,
                    ...lazyPage(
                      () => import('@/features/profile/components/profile-page'),
                      (m) => m.ProfilePage,
                      ['organisation'],
                    ),
                  },
                  {
                    path: 'events/create',
                    ...lazyPage(
                      () => import('@/features/event-form/components/event-create-page'),
                      (m) => m.EventCreatePage,
                      ['form', 'address'],
                    ),
                  },
                  {
                    path: 'events/:eventUuid',
                    ...lazyPage(
                      () => import('./routes/event-edit-page'),
                      (m) => m.EventEditPage,
                      ['form', 'address'],
                    ),
                  },
                  {
                    path: 'me',
                    ...lazyPage(
                      () => import('@/features/settings/components/settings-page'),
                      (m) => m.SettingsPage,
                    ),
                  },
                  {
                    path: 'me/account',
                    ...lazyPage(
                      () => import('@/features/settings/components/account-page'),
                      (m) => m.AccountPage,
                      ['account', 'address', 'sources'],
                    ),
                  },
                  {
                    path: 'me/contact',
                    ...lazyPage(
                      () => import('@/features/settings/components/contact-page'),
                      (m) => m.ContactPage,
                      ['account'],
                    ),
                  },
                  {
                    path: 'me/password',
                    ...lazyPage(
                      () => import('@/features/settings/components/password-page'),
                      (m) => m.PasswordPage,
                      ['account'],
                    ),
                  },
                  {
                    path: 'me/deletion',
                    ...lazyPage(
                      () => import('@/features/settings/components/deletion-page'),
                      (m) => m.DeletionPage,
                      ['account'],
                    ),
                  },
                  {
                    path: 'me/plans',
                    ...lazyPage(
                      () => import('@/features/plans/components/plans-page'),
                      (m) => m.PlansPage,
                      ['plans', 'address'],
                    ),
                  },
                ],
              },
              {
                path: 'admin',
                ...adminLayout,
                children: [
                  {
                    index: true,
                    ...lazyPage(
                      () => import('@/features/admin/components/admin-dashboard-page'),
                      (m) => m.AdminDashboardPage,
                      ['sources'],
                    ),
                  },
                  {
                    path: 'events',
                    ...lazyPage(
                      () => import('@/features/admin/components/admin-events-page'),
                      (m) => m.AdminEventsPage,
                    ),
                  },
                  {
                    path: 'events/create',
                    ...lazyPage(
                      // The event form's feature owns the administrator's event pages (one form, two modes).
                      () => import('@/features/event-form/components/admin-event-create-page'),
                      (m) => m.AdminEventCreatePage,
                      ['form', 'address'],
                    ),
                  },
                  {
                    path: 'events/:eventUuid',
                    ...lazyPage(
                      () => import('./routes/admin-event-edit-page'),
                      (m) => m.AdminEventEditPage,
                      ['form', 'address', 'sources'],
                    ),
                  },
                  {
                    path: 'users',
                    ...lazyPage(
                      () => import('@/features/admin/components/admin-users-page'),
                      (m) => m.AdminUsersPage,
                    ),
                  },
                  {
                    path: 'users/create',
                    ...lazyPage(
                      () => import('@/features/admin/components/admin-user-create-page'),
                      (m) => m.AdminUserCreatePage,
                      ['address'],
                    ),
                  },
                  {
                    path: 'users/:userId',
                    ...lazyPage(
                      () => import('@/features/admin/components/admin-user-edit-page'),
                      (m) => m.AdminUserEditPage,
                      ['address'],
                    ),
                  },
                  {
                    path: 'sources',
                    children: [
                      {
                        index: true,
                        ...lazyPage(
                          () => import('@/features/admin/components/import-sources-page'),
                          (m) => m.ImportSourcesPage,
                          ['sources'],
                        ),
                      },
                      {
                        path: 'create',
                        ...lazyPage(
                          () => import('@/features/admin/components/import-source-create-page'),
                          (m) => m.ImportSourceCreatePage,
                          ['sources'],
                        ),
                      },
                      {
                        path: ':sourceId',
                        ...lazyPage(
                          () => import('@/features/admin/components/import-source-page'),
                          (m) => m.ImportSourcePage,
                          ['sources'],
                        ),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** The app's history in the browser; created when the app first renders, not when this module loads. */
export const createBrowserAppHistory = () => createAppHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));
