import { RouterProvider } from '@tanstack/react-router';
import { queryClient } from '../lib/query-client.js';
import { AppProvider } from './provider.js';
import { createAppRouter } from './router.js';

export const router = createAppRouter(queryClient);

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
