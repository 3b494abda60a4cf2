import type { PupilAssignmentList } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const MY_ASSIGNMENTS_KEY = ['/api/classes/me/assignments'] as const;

/** The signed-in pupil's open assignments; fetched afresh each time the home screen opens (after a game, too). */
export const myAssignmentsQueryOptions = queryOptions({
  queryKey: MY_ASSIGNMENTS_KEY,
  queryFn: ({ signal }) => api.get<PupilAssignmentList>('/api/classes/me/assignments', signal),
  staleTime: 0,
  refetchOnMount: 'always',
});
