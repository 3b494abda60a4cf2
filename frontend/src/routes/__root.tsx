import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootLayout } from '../app/layout/root-layout.js';
import { NotFound, RouteError } from '../app/not-found.js';
import type { RouterContext } from '../app/router.js';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: ({ reset, error }) => <RouteError reset={reset} error={error} />,
});
