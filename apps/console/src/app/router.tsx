import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate } from 'react-router';
import { languagesQuery } from '../shared/api/index.ts';
import { withTimeout } from '../shared/screen/index.ts';
import { profileQuery, queryClient } from '../shared/session/index.ts';
import { ErrorPage, NotFound } from './error-page.tsx';
import { Layout } from './layout.tsx';
import { RequireProfile } from './require-profile.tsx';
import type { RouteHandle } from './route-handle.ts';
import { gated } from './screen-gate.tsx';
import { DEFAULT_SCREEN, screens } from './screens.tsx';
import { LAST_PAGE_KEY } from './storage-keys.ts';

function LastPage() {
  const last = localStorage.getItem(LAST_PAGE_KEY);
  return <Navigate to={last?.startsWith('/admin') ? last : DEFAULT_SCREEN} replace />;
}

/** Shown while the first screen's code arrives. */
function PageLoader() {
  return (
    <Center h="100vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/login',
      handle: { title: 'Sign in' } satisfies RouteHandle,
      lazy: () => withTimeout(() => import('../features/login/route.tsx')),
      errorElement: <ErrorPage standalone />,
      hydrateFallbackElement: <PageLoader />,
    },
    {
      // Outside the signed-in layout, like /login: the link of an invite or a password reset.
      path: '/admin/invite/:token',
      handle: { title: 'Choose your password' } satisfies RouteHandle,
      lazy: () => withTimeout(() => import('../features/invite/route.tsx')),
      errorElement: <ErrorPage standalone />,
      hydrateFallbackElement: <PageLoader />,
    },
    { path: '/', element: <LastPage /> },
    {
      path: '/admin',
      // Asked for at once, beside the screen's code and calls (their loaders), not after they have rendered. The
      // specification's app state has "a list of languages fetched on start", whatever the screen: asked as soon as
      // the profile says someone is signed in, it is on its way before the screen's own calls (they wait for the
      // screen's code), and the tables that name languages need not wait for it behind them (the embedded database
      // answers one call at a time).
      loader: () => {
        void queryClient.prefetchQuery(profileQuery).then(() => {
          if (queryClient.getQueryData(profileQuery.queryKey)) void queryClient.prefetchQuery(languagesQuery);
        });
        return null;
      },
      element: (
        <RequireProfile>
          <Layout />
        </RequireProfile>
      ),
      errorElement: <ErrorPage standalone />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        {
          // A crash inside a screen shows the error in the content area; the header stays.
          errorElement: <ErrorPage />,
          children: [
            { index: true, element: <Navigate to="brands" replace />, handle: { title: 'Brands' } },
            ...screens.map((s) => ({
              path: s.path,
              handle: { title: s.title, screen: s.path } satisfies RouteHandle,
              lazy: async () => {
                const screen = await withTimeout(s.load);
                return { ...screen, Component: gated(s, screen.Component) };
              },
            })),
            { path: '*', element: <NotFound />, handle: { title: 'Not found' } },
          ],
        },
      ],
    },
    { path: '*', element: <NotFound standalone />, handle: { title: 'Not found' } },
  ]);
}
