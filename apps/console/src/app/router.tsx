// Builds the browser router from the route registry, under the shell layout.
import { Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { AppLayout } from './layout/app-layout';
import { PageSpinner } from './page-spinner';
import { RouteGate } from './route-gate';
import { appRoutes } from './routes';

/** The console's router: one child route per registry entry, each lazy-loaded and access-checked. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    hydrateFallbackElement: <PageSpinner />,
    children: appRoutes.map(({ path, access, page: Page, sidebar }) => ({
      path,
      handle: { sidebar },
      element: (
        <RouteGate access={access}>
          <Suspense fallback={<PageSpinner />}>
            <Page />
          </Suspense>
        </RouteGate>
      ),
    })),
  },
]);

setUnauthorizedHandler(() => {
  void router.navigate('/login?expired=true', { replace: true });
});
