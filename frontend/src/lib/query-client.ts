import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client.js';

/** Spec §7: a query with no queryFn GETs the path in its first key segment. */
const getPath: QueryFunction = ({ queryKey, signal }) => {
  const [path] = queryKey;
  if (typeof path !== 'string') throw new Error('query key must start with a path');
  return api.get(path, signal);
};

/** Spec §7 defaults: no retries, data never stale, no refetch on focus, no polling unless a query asks. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getPath,
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
